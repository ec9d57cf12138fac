import type { Verdict } from '../../diagnosis/index.js'
import { counted } from '../../log/words.js'
import {
  mayBeFolderRace,
  refusalKind,
  stopsTheRun,
  type RefusalKind
} from '../wordpress/refusals.js'

/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405])

interface Answered {
  httpStatus?: number
  refusal?: RefusalKind
  blocked: boolean
}

/**
 * Whether every other file would meet this answer too. A 413 is not among them: it is about this
 * file's size, and smaller files may pass.
 */
function stopsEveryFile({ httpStatus, refusal, blocked }: Answered): boolean {
  if (httpStatus === 413) return false
  return blocked || STOPPING_STATUSES.has(httpStatus ?? 0) || stopsTheRun(refusal)
}

/** What the run's block reads of a file's outcome: each file's outcome has it. */
interface Ended extends Omit<Answered, 'blocked'> {
  file: string
  status: string
  attempts: number
  verdict?: Verdict
}

/** A file's final outcome that would repeat for every later file. */
function outcomeStopsTheRun(outcome: Ended): boolean {
  return stopsEveryFile({ ...outcome, blocked: outcome.status === 'blocked' })
}

/**
 * A refusal or a block that every file would meet, as soon as it is answered. "Unable to create
 * directory" is left to the file's own outcome: it may be two uploads racing for a folder, which
 * only sending it alone tells.
 */
export function answerStopsTheRun(status: number, verdict: Verdict): boolean {
  const refusal = refusalKind(status, verdict)
  if (mayBeFolderRace(refusal, verdict)) return false
  return stopsEveryFile({
    httpStatus: status,
    ...(refusal ? { refusal } : {}),
    blocked: verdict.blocked
  })
}

/** What the file that found out for all came to: the block lifted, or it stands and the run stops. */
export type BlockFate = 'lifted' | 'stands'

/** Why the run stopped. */
export interface RunStop {
  /** One sentence for the report, without the files left unsent. */
  why: string
  /** The file whose answer stopped it. */
  file: string
  /** The answer that decided it, when a file's outcome did. */
  verdict?: Verdict
}

/**
 * A block or a refusal is the run's, not one file's: a CDN that blocks POSTs, refused credentials
 * or rights meet every file alike. The first file to meet one (the scout) finds out for all with
 * its own attempts; meanwhile no POST of another file starts, and the files in flight that met it
 * too wait for its fate instead of retrying on their own. Once it stands, nothing is sent again.
 */
export class RunBlock {
  private scout: string | undefined
  private fate: Promise<BlockFate> = Promise.resolve('lifted')
  private settle: (fate: BlockFate) => void = () => {}
  private halted: RunStop | undefined
  private onHalt: () => void = () => {}
  /** Kept once the run stopped: whatever waits to send gives up then. */
  readonly stopped = new Promise<void>(resolve => (this.onHalt = resolve))

  /** The file finding out whether the block stands, if one is. */
  get finding(): string | undefined {
    return this.scout
  }

  /** Why no file starts any more, once the run stopped. */
  get stop(): RunStop | undefined {
    return this.halted
  }

  /**
   * `file` met an answer every file would meet. The first to do so goes on with its own attempts
   * (undefined); any other gets the scout's fate to wait for.
   */
  met(file: string): Promise<BlockFate> | undefined {
    if (this.halted) return Promise.resolve('stands')
    if (this.scout === undefined) {
      this.scout = file
      this.fate = new Promise(resolve => (this.settle = resolve))
      return undefined
    }
    return this.scout === file ? undefined : this.fate
  }

  /** Before a POST of `file`: the fate to wait for while another file is finding out, if any. */
  pending(file: string): Promise<BlockFate> | undefined {
    return this.scout !== undefined && this.scout !== file ? this.fate : undefined
  }

  /** `file`'s upload ended: an outcome every file would meet stops the run; the scout's is its fate. */
  ended(file: string, outcome: Ended): void {
    if (outcomeStopsTheRun(outcome)) this.halt(stoppedBy(outcome), file, outcome.verdict)
    if (this.scout !== file) return
    this.scout = undefined
    this.settle(this.halted ? 'stands' : 'lifted')
  }

  /** Stops the run: no file starts, none is sent again; the first stop's reason is kept. */
  halt(why: string, file: string, verdict?: Verdict): void {
    this.halted ??= { why, file, ...(verdict ? { verdict } : {}) }
    this.scout = undefined
    this.settle('stands')
    this.onHalt()
  }
}

/** The message of a file the stop kept from being sent. */
export const notSentWhy = (stop: RunStop) => `not sent: the run stopped at ${stop.file}`

function stoppedBy(outcome: Ended): string {
  const what = outcome.status === 'blocked' ? 'was still blocked' : 'was refused'
  return `${outcome.file} ${what} after ${counted(outcome.attempts, 'attempt')}`
}
