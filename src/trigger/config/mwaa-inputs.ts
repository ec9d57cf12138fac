import { fail, optional } from '../../inputs/fields.js'
import { shown } from '../../inputs/input-error.js'

/**
 * MWAA's EnvironmentName: 1 to 80 characters, `[a-zA-Z][0-9a-zA-Z-_]*` (botocore
 * botocore/data/mwaa/2020-07-01/service-2.json, shape EnvironmentName). It goes into the URL's
 * path, so nothing else is sent.
 */
const ENVIRONMENT_NAME = /^[a-zA-Z][0-9a-zA-Z_-]{0,79}$/

/**
 * An AWS region's form (`eu-west-1`, `us-gov-west-1`, `cn-north-1`, `us-isob-east-1`): it goes
 * into a host name, so nothing that could name another host is accepted.
 */
const REGION = /^[a-z]{2}(?:-(?:gov|iso[a-z]?))?-[a-z]+-\d{1,2}$/

/** Why `value` is not an AWS region's form, or undefined when it is one. */
export function regionProblem(value: string): string | undefined {
  return REGION.test(value)
    ? undefined
    : `expected an AWS region such as eu-west-1, got ${shown(value)}`
}

export const mwaaEnvironment = optional((value, ctx) =>
  ENVIRONMENT_NAME.test(value)
    ? value
    : fail(
        ctx,
        `expected an MWAA environment name: a letter, then letters, digits, "-" or "_", at most 80 characters, got ${shown(value)}`
      )
)

export const awsRegion = optional((value, ctx) => {
  const problem = regionProblem(value)
  return problem ? fail(ctx, problem) : value
})
