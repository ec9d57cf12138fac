/* eslint-disable no-control-regex -- refusing control characters in header values is the point */
import { z } from 'zod'
import { shown } from './input-error.js'

/** Adds a custom issue to a zod refinement and stops the field there. */
export const fail = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}

/** An input that may be left empty (undefined then); otherwise `parse` reads it. */
export const optional = <Output>(parse: (value: string, ctx: z.RefinementCtx) => Output) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => (value === '' ? undefined : parse(value, ctx)))

export const required = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `is required (${what}), got an empty value` })

export const boolean = z
  .string()
  .trim()
  .transform((value, ctx) => {
    // The same spellings as core.getBooleanInput (YAML 1.2 core schema).
    if (['true', 'True', 'TRUE'].includes(value)) return true
    if (['false', 'False', 'FALSE'].includes(value)) return false
    return fail(ctx, `expected true or false, got ${shown(value)}`)
  })

export const number = (unit: string, min: number, max: number, integer = false) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = Number(value)
      const kind = integer ? 'a whole number' : 'a number'
      if (value === '' || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed))) {
        return fail(ctx, `expected ${kind} of ${unit} from ${min} to ${max}, got ${shown(value)}`)
      }
      if (parsed < min || parsed > max) {
        return fail(ctx, `expected ${kind} of ${unit} from ${min} to ${max}, got ${value}`)
      }
      return parsed
    })

/** Seconds in the input, milliseconds in the config. */
export const seconds = (min: number, max: number) =>
  number('seconds', min, max).transform(value => Math.round(value * 1000))

/** One of a few words, e.g. `fail` or `reuse`. */
export const choice = <const Word extends string>(words: readonly Word[]) =>
  z
    .string()
    .trim()
    .transform((value, ctx): Word =>
      (words as readonly string[]).includes(value)
        ? (value as Word)
        : fail(ctx, `expected ${words.map(word => `"${word}"`).join(' or ')}, got ${shown(value)}`)
    )

/** A credential: its value is never shown, not even in the message that refuses it. */
export const secret = z
  .string()
  .trim()
  .refine(value => !/[\u0000-\u001f\u007f]/.test(value), {
    error:
      'contains a line break or another control character, which no HTTP header can carry (the value is not shown); check how the secret was stored'
  })

/** A user name for HTTP Basic, which separates the name from the password at the first ":". */
export const userName = z
  .string()
  .trim()
  .refine(value => !value.includes(':'), {
    error: 'must not contain ":", which HTTP Basic uses to separate the name from the password'
  })
  .refine(value => !/[\u0000-\u001f\u007f]/.test(value), {
    error: 'contains a line break or another control character'
  })
