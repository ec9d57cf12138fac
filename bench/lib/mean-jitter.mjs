// Preloaded with `node --import` into the action's process by the refusals scenario: Math.random
// always answers 0.5, so every back-off's random jitter is its mean, and the waits the scenario
// sums come out the same run after run. The action's own code draws on it for nothing else.
Math.random = () => 0.5
