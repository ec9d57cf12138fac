import type { Verdict } from '../diagnosis/index.js'
import { OUTPUT } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'
import { setOutput } from '../log/output.js'

/** The `diagnosis` and `edge-node` outputs of the answer that decided the step. */
export function setDiagnosisOutputs(verdict: Verdict): void {
  setOutput(OUTPUT.diagnosis, verdict.layer)
  if (verdict.edgeNode) setOutput(OUTPUT.edgeNode, outputWord(verdict.edgeNode))
}
