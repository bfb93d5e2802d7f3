import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in server/src/config). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where `npm run build --workspace web` writes the web app. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** The repository's data folder (created when missing): the default databases live there. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** Where the images sent with support messages are kept by default (outside the web app). */
export const DEFAULT_SUPPORT_ATTACHMENTS_DIR = fileURLToPath(
  new URL('../../../data/support-attachments', import.meta.url),
);

/** The default embedded database: a SQLite file under ./data. */
export const DEFAULT_DATABASE_URL = `sqlite:${fileURLToPath(new URL('../../../data/uniquair.sqlite', import.meta.url))}`;

/** The sandbox payment gateway's own database when it runs as a separate process. */
export const DEFAULT_GATEWAY_DATABASE_URL = `sqlite:${fileURLToPath(new URL('../../../data/sandbox-gateway.sqlite', import.meta.url))}`;

/** Where a development server keeps its generated cookie-signing secret (unset SESSION_SECRET). */
export const DEFAULT_SESSION_SECRET_FILE = fileURLToPath(
  new URL('../../../data/session-secret', import.meta.url),
);
