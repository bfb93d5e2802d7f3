/**
 * How long a test waits for what the first render of a page shows: the catalogue, the start-up
 * data and the page's modules load first, which on a host busy with other suites has taken over
 * 5 s. It guards against a hang; it is no speed budget.
 */
export const PAGE_LOAD_MS = 10_000;
