import { useContext } from 'react';
import { LocaleContext } from '../../lib/i18n.ts';
import { startupText } from '../../lib/i18n-catalogues.ts';

/**
 * The start-up screen: the brand's mark over a turning circle, on the whole viewport. index.html
 * holds the same markup, so the browser paints it before any script has run and React's first
 * render (while the start-up data, the catalogue and the shell load) changes nothing on screen.
 * Its classes are global (`styles/startup.css`, part of the start-up CSS) because index.html
 * cannot name CSS-module classes. Once a catalogue is in, the status carries its "Loading…".
 */
export function StartupScreen() {
  // Read the context directly: the start-up screen also shows before any catalogue is in, and
  // the start-up bundle has no react-intl.
  const messages = useContext(LocaleContext)?.messages;
  const text = messages ? startupText('app.loading', messages) : undefined;
  return (
    <div className="startup" role="status">
      <img className="startup-logo" src="/favicon.svg" alt="" width="64" height="64" />
      <div className="startup-circle" aria-hidden="true"></div>
      {text ? <span className="visually-hidden">{text}</span> : null}
    </div>
  );
}
