/**
 * The start-up error page's way out (SPEC §8): forget everything this app stored in the browser
 * that could keep it failing, then load it afresh. Clears local storage, unregisters the service
 * workers and reloads. Each step is best effort; the reload always happens.
 */
export async function resetApp(): Promise<void> {
  try {
    window.localStorage.clear();
  } catch {
    // Storage can be unavailable; the reload below still helps.
  }
  if ('serviceWorker' in navigator) {
    try {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.allSettled(registrations.map((registration) => registration.unregister()));
    } catch {
      // Service workers can be unavailable (insecure origin, private mode): nothing to remove.
    }
  }
  window.location.reload();
}
