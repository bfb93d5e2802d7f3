/**
 * A message as the API takes it (docs/support.md): JSON without images, a multipart form with
 * them (its fields, then one `files` part per image).
 */
export function messageBody(
  fields: Record<string, string>,
  files: readonly File[] = [],
): Record<string, string> | FormData {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  return form;
}
