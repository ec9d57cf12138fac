/** Renders the summary's HTML as plain text for a terminal or a text assertion. */
export function summaryAsText(html: string): string {
  return html
    .replace(/<\/(h\d|p|tr|li|details|summary|pre)>/g, '\n')
    .replace(/<br>/g, '\n    ')
    .replace(/<\/t[dh]>/g, ' | ')
    .replace(/<li>/g, '  • ')
    .replace(/<h\d>/g, '# ')
    .replace(/<[^<>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
