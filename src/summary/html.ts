const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
}

/** Makes any text inert in the summary's HTML and Markdown. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, char => HTML_ESCAPES[char]!)
}

/** Cuts text to `max` characters, saying how much was left out. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text
  return `${text.slice(0, max)}… (${text.length - max} more characters)`
}

/** Server-sent text for a table cell or a line: one line, escaped, cut. */
export function inline(text: string, max = 200): string {
  return escapeHtml(cap(text.replace(/\s+/g, ' ').trim(), max))
}

/** Our own sentences may quote names in backticks; render those as code, escape the rest. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

export function table(header: string[], rows: string[][]): string {
  const head = `<tr>${header.map(cell => `<th>${cell}</th>`).join('')}</tr>`
  const body = rows.map(row => `<tr>${row.map(cell => `<td>${cell}</td>`).join('')}</tr>`)
  return `<table>${head}${body.join('')}</table>`
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`
}
