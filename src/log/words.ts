// How a count is said in the log and the summary: "1 file", "3 files", never "file(s)".

/** The count with its noun, singular or plural as the count asks. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}

/** The verb that agrees with a count: `agrees(1, 'is', 'are')` is `is`. */
export function agrees(count: number, one: string, many: string): string {
  return count === 1 ? one : many
}
