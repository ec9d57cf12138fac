import { describe, expect, it } from 'vitest'
import { Exclusive } from '../../../src/upload/pace/exclusive.js'

/** A task that runs until `finish` is called, recording its start and end. */
function task(name: string, events: string[]) {
  let finish = () => {}
  const done = new Promise<void>(resolve => (finish = resolve))
  return {
    run: async () => {
      events.push(`${name} starts`)
      await done
      events.push(`${name} ends`)
      return name
    },
    finish
  }
}

const settle = () => new Promise(resolve => setImmediate(resolve))

describe('Exclusive: one task alone among tasks side by side', () => {
  it('waits for the running tasks, holds back new ones, then lets them go on', async () => {
    const events: string[] = []
    const exclusive = new Exclusive()
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(name => task(name, events))
    const running = [exclusive.shared(a!.run), exclusive.shared(b!.run)]
    await settle()
    const alone = exclusive.alone(c!.run)
    const later = exclusive.shared(d!.run)
    await settle()
    expect(events).toEqual(['a starts', 'b starts'])
    a!.finish()
    await settle()
    expect(events).toEqual(['a starts', 'b starts', 'a ends'])
    b!.finish()
    await settle()
    expect(events).toEqual(['a starts', 'b starts', 'a ends', 'b ends', 'c starts'])
    c!.finish()
    await settle()
    d!.finish()
    expect(await Promise.all([...running, alone, later])).toEqual(['a', 'b', 'c', 'd'])
    expect(events.slice(4)).toEqual(['c starts', 'c ends', 'd starts', 'd ends'])
  })

  it('runs at once when nothing else runs, and two lone tasks one after the other', async () => {
    const events: string[] = []
    const exclusive = new Exclusive()
    const [a, b] = ['a', 'b'].map(name => task(name, events))
    const first = exclusive.alone(a!.run)
    const second = exclusive.alone(b!.run)
    await settle()
    expect(events).toEqual(['a starts'])
    a!.finish()
    await settle()
    expect(events).toEqual(['a starts', 'a ends', 'b starts'])
    b!.finish()
    expect(await Promise.all([first, second])).toEqual(['a', 'b'])
  })
})
