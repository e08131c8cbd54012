/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Offline and updates, as the page sees them: registers the service worker (`sw.ts`) from
 * this bundle (no inline script, so the CSP holds), says in the footer whether Almanac works
 * offline, and handles new builds:
 *
 * - a new build found while the page is open installs in the background and waits; the page
 *   says so and offers "Reload now". Until then every file still comes from the build the page
 *   started with, so it is never half-updated;
 * - on the next visit (every tab of the old build closed) the new build runs, and the page
 *   says "Almanac was updated", comparing the build's name (`<meta name="almanac-build">`)
 *   with the last one this browser ran.
 *
 * Tests read `body[data-offline]` (`ready` once the app is stored for offline use) and
 * `body[data-update]` (`waiting` when a new build is ready, `applied` after an update).
 */
import { registerSW } from 'virtual:pwa-register';
import { byId, el } from './dom.ts';
import { errorMessage } from './format.ts';

/** Where the page remembers the last build it ran, to tell an update from a first visit. */
const BUILD_KEY = 'almanac-demo:build';

/** This page's build name, e.g. "0.1.0 6e06a91779" (empty in dev mode, where there is none). */
export function currentBuild(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="almanac-build"]')?.content ?? '';
}

function remembered(): { get(): string | null; set(value: string): void } {
  try {
    const store = window.localStorage;
    return { get: () => store.getItem(BUILD_KEY), set: (value) => store.setItem(BUILD_KEY, value) };
  } catch {
    return { get: () => null, set: () => undefined };
  }
}

/** A banner at the top of the page; `actions` are its buttons. */
function showNotice(text: string, kind: 'info' | 'update', actions: Array<{ label: string; run: () => void }> = []): void {
  const notice = byId('app-notice');
  const buttons = actions.map((a) => el('button', { text: a.label, attrs: { type: 'button' }, on: { click: a.run } }));
  const dismiss = el('button', { class: 'link', text: 'Dismiss', attrs: { type: 'button' }, on: { click: () => { notice.hidden = true; } } });
  notice.className = `notice notice-${kind}`;
  notice.replaceChildren(el('p', { text }), el('span', { class: 'notice-actions' }, [...buttons, dismiss]));
  notice.hidden = false;
}

/** Rewrites the offline badge (once {@link watchNetwork} ran): its sentence depends on the offline state. */
let showNetwork = (): void => undefined;

function setOfflineState(state: 'unsupported' | 'installing' | 'ready' | 'failed', text: string): void {
  document.body.dataset.offline = state;
  byId('offline-state').textContent = text;
  showNetwork();
}

/**
 * Says under the status line when the device is offline, and whether that matters: once the
 * app is stored (`body[data-offline="ready"]`) nothing does; before, parts of the page not yet
 * opened may not load. `body[data-network]` is `online` or `offline`.
 */
function watchNetwork(): void {
  const badge = byId('network-state');
  const show = showNetwork = (): void => {
    const offline = !navigator.onLine;
    document.body.dataset.network = offline ? 'offline' : 'online';
    badge.hidden = !offline;
    badge.textContent = !offline ? '' : document.body.dataset.offline === 'ready'
      ? 'Offline: Almanac works from this device.'
      : 'Offline: what Almanac has loaded works; parts not yet opened may wait until you are back online.';
  };
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
}

/**
 * Wires offline support and update notices; call once at start-up. `onOfflineReady` runs when
 * the app has been stored for offline use (the storage panel then counts its bytes).
 */
export function startOffline(onOfflineReady: () => void = () => undefined): void {
  const build = currentBuild();
  byId('app-version').textContent = build ? `Almanac ${build.split(' ')[0]} · build ${build.split(' ')[1] ?? ''}` : 'Almanac (development build)';

  watchNetwork();
  const last = remembered();
  const previous = last.get();
  if (build && previous && previous !== build) {
    showNotice(`Almanac was updated (build ${previous.split(' ')[1] ?? previous} → ${build.split(' ')[1] ?? build}). Your documents are as you left them.`, 'info');
    document.body.dataset.update = 'applied';
  }
  if (build) last.set(build);

  if (!('serviceWorker' in navigator)) {
    setOfflineState('unsupported', 'This browser cannot keep Almanac for offline use; it works while online.');
    return;
  }
  // Only a build has a name (and a service worker); the dev server has neither.
  if (!build) {
    setOfflineState('unsupported', 'Development server: offline support is on in the built app (npm run build).');
    return;
  }
  const wasControlled = navigator.serviceWorker.controller !== null;
  setOfflineState(wasControlled ? 'ready' : 'installing', wasControlled ? 'Works offline.' : 'Saving Almanac on this device for offline use…');

  // Another tab chose "Reload now": the new build now answers this tab too, whose code is the
  // old one. Reloading keeps it whole rather than half old, half new.
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!wasControlled || reloading) return;
    reloading = true;
    window.location.reload();
  });

  const updateNow = registerSW({
    immediate: true,
    onOfflineReady() {
      setOfflineState('ready', 'Works offline: the app, the engine and the sample corpus are stored on this device.');
      onOfflineReady();
    },
    onNeedRefresh() {
      document.body.dataset.update = 'waiting';
      showNotice('A new version of Almanac is ready. It starts the next time you open Almanac.', 'update', [
        { label: 'Reload now', run: () => void updateNow(true) },
      ]);
    },
    // The controllerchange listener above reloads; this keeps the plugin from reloading twice.
    onNeedReload() {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    },
    onRegisteredSW(_url, registration) {
      if (registration?.active && !registration.installing) {
        setOfflineState('ready', 'Works offline: the app, the engine and the sample corpus are stored on this device.');
      }
    },
    onRegisterError(error: unknown) {
      // The browser's own reason is technical (a blocked or refused service worker): kept in
      // the tooltip and the console, not in the sentence a user reads.
      setOfflineState('failed', 'This browser did not let Almanac store itself for offline use here (private window or site settings?); it works while online.');
      byId('offline-state').title = errorMessage(error);
      console.warn('Service worker registration failed:', error);
    },
  });
}
