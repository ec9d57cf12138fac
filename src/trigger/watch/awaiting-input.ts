import type { TaskInstance } from '../backend/backend.js'
import { taskName } from './task-lines.js'

/**
 * One line for each task newly seen waiting for a person's input (Airflow 3.3's `awaiting_input`,
 * human-in-the-loop), each said once per wait: the run is neither stuck nor queued, someone has to
 * answer it in Airflow. `said` keeps the names already told.
 */
export function awaitingInputLines(
  awaiting: readonly TaskInstance[],
  said: Set<string>,
  runUrl: string | undefined
): string[] {
  const where = runUrl ? ` on the run's page, ${runUrl}` : ''
  const fresh = [...new Set(awaiting.map(taskName))].filter(name => !said.has(name))
  for (const name of fresh) said.add(name)
  return fresh.map(
    name =>
      `Task ${name} is waiting for input: someone has to answer it in Airflow${where} (Required actions). Still waiting; the wait's time-out still applies.`
  )
}
