/**
 * What the browser runs in <head>, before the first paint (root.tsx inlines it):
 *
 * - the theme class, and a flag when the consent cookie is missing (the banner shown by CSS);
 * - presses held until the app is live (decision 064). A press of a button (pointer down to click,
 *   or a key's click) made before React has hydrated the page would be lost: before the app's
 *   script runs nothing listens (a form's button would submit it natively and reload the page
 *   empty), and while React hydrates, React 19 stops a press on a tree it cannot hydrate at once
 *   and does not replay it. So from the first paint until root.tsx calls `__pressesLive()` (after
 *   the first render's effects) every part of such a press is stopped here, on the window, before
 *   React's own listeners, and the whole press is pressed again once, on the live page: a menu
 *   opened on pointer down and a button acting on click each act exactly once. A press that
 *   started before that moment and ends after it is held to its end and then pressed again.
 *   Events the page dispatches itself (the replay) pass; links keep their native navigation.
 */
const PRESSES = `
var held=[],pressing=null,live=false;
function pressAgain(b){
  var m={bubbles:true,cancelable:true,composed:true,button:0,view:window},p={pointerId:1,pointerType:'mouse',isPrimary:true};
  for(var k in m)p[k]=m[k];
  b.dispatchEvent(new PointerEvent('pointerdown',p));
  b.dispatchEvent(new MouseEvent('mousedown',m));
  b.dispatchEvent(new PointerEvent('pointerup',p));
  b.dispatchEvent(new MouseEvent('mouseup',m));
  b.click();
}
function hold(e){
  if(!e.isTrusted)return;
  if(live&&(!pressing||e.type==='pointerdown')){pressing=null;return}
  var b=e.target instanceof Element&&e.target.closest('button,[role=button],summary');
  if(!b||b.closest('a[href]'))return;
  if(e.type==='click')e.preventDefault();
  e.stopImmediatePropagation();
  if(e.type==='pointerdown')pressing=b;
  else if(e.type==='click'){pressing=null;if(live){if(b.isConnected)pressAgain(b)}else held.push(b)}
}
['pointerdown','mousedown','pointerup','mouseup','click'].forEach(function(t){window.addEventListener(t,hold,true)});
window.__pressesLive=function(){
  live=true;
  held.splice(0).forEach(function(b){if(b.isConnected)pressAgain(b)});
};
`;

const THEME_AND_CONSENT = `
try{var t=localStorage.getItem('substytut-theme');var d=t==='dark'||(t!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'}catch(e){}
if(!/(?:^|;\\s*)cookie_consent=/.test(document.cookie))document.documentElement.setAttribute('data-consent-pending','');
`;

/** Written for reading above, sent as one line (the server's only: see root.tsx). */
export const HEAD_SCRIPT = /* @__PURE__ */ oneLine(PRESSES + THEME_AND_CONSENT);

function oneLine(code: string): string {
  return `(function(){${code.replace(/\n\s*/g, '')}})()`;
}

/** Set by the head script: presses the held presses again and lets later ones through. */
export function pressesLive(): void {
  (window as { __pressesLive?: () => void }).__pressesLive?.();
}
