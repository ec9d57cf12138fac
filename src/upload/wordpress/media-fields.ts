import path from 'node:path'
import { escapeHtml } from '../../summary/html.js'
import type { MediaFieldTemplates } from '../config.js'
import type { LocalFile } from '../files/local-file.js'

/**
 * The fields stored with a file's upload: its content key as the slug, when it has one, and each
 * template with `{name}`, `{stem}` and `{path}` filled in for the file. WordPress keeps these
 * fields as HTML, unfiltered for a user with `unfiltered_html` (an administrator's application
 * password), so a file name is filled in escaped: `<img onerror=…>.png` stays text. The template's
 * own text is the user's, and stays as written.
 */
export function mediaFields(
  file: LocalFile,
  templates: MediaFieldTemplates
): Record<string, string> {
  const name = path.basename(file.display)
  const values: Record<string, string> = {
    name,
    stem: path.basename(name, path.extname(name)),
    path: file.display
  }
  const fill = (template: string) =>
    template.replace(/\{(name|stem|path)\}/g, (_whole, key: string) => escapeHtml(values[key]!))
  return {
    ...(file.key ? { slug: file.key } : {}),
    ...Object.fromEntries(
      Object.entries(templates).map(([field, template]) => [field, fill(template as string)])
    )
  }
}
