import { spawn } from 'node:child_process';

/**
 * What a PDF says, as a reader copying its text gets it: poppler's `pdftotext` (Debian package
 * `poppler-utils`, installed by .ci/run) reads the file through the fonts' ToUnicode maps, so a
 * glyph the font did not have, or text drawn as shapes, is missing from the answer.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  return poppler('pdftotext', ['-enc', 'UTF-8', '-', '-'], pdf);
}

/** The fonts a PDF uses, as `pdffonts` lists them (name, type, embedded, subset, ToUnicode). */
export function pdfFonts(pdf: Buffer): Promise<string> {
  return poppler('pdffonts', ['-'], pdf);
}

/**
 * Text to compare with `pdfText`: white space collapsed, and the Devanagari vowel sign I (ि),
 * which is drawn before its consonant and so extracted in front of it, left out.
 */
export function comparable(text: string): string {
  return text.replaceAll('\u093F', '').replace(/\s+/gu, ' ').trim();
}

function poppler(command: string, args: string[], input: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) =>
      reject(new Error(`${command} could not run (install poppler-utils): ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.end(input);
  });
}
