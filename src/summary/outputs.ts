import * as core from '@actions/core'
import type { Verdict } from '../diagnosis/index.js'
import { OUTPUT } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'

/** The `diagnosis` and `edge-node` outputs of the answer that decided the step. */
export function setDiagnosisOutputs(verdict: Verdict): void {
  core.setOutput(OUTPUT.diagnosis, verdict.layer)
  if (verdict.edgeNode) core.setOutput(OUTPUT.edgeNode, outputWord(verdict.edgeNode))
}
