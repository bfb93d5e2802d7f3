import { AppError } from './app-error.tsx';

/**
 * The whole-page error screen for failures outside any page: start-up, loading the catalogue,
 * the shell itself. Shown in the user's language when its catalogue is loaded, otherwise in
 * English, whose texts for this page are bundled with the app (`startupText`).
 */
export function MainErrorFallback() {
  return (
    <main id="main-content">
      <AppError />
    </main>
  );
}
