/** Spec 000 §9: a service worker left by an earlier console is unregistered at start-up. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Not allowed here (private mode, insecure origin): nothing to clean up.
  }
}
