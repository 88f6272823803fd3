/**
 * Sets the theme before the first paint and flags a missing consent cookie (banner shown by CSS).
 * It also holds presses of buttons made before React hydrates (a form's button would otherwise
 * submit it natively and reload the page empty): entry.client.tsx marks the document
 * `data-hydrating` when it hands over to React, which replays later presses itself, and the root
 * presses the held ones again once the page is live (see SessionWatch).
 */
export const HEAD_SCRIPT =
  "(function(){var h=window.__heldPresses=[];document.addEventListener('click',function(e){if(document.documentElement.hasAttribute('data-hydrating'))return;var b=e.target instanceof Element&&e.target.closest('button,[role=button],summary');if(b&&!b.closest('a[href]')){e.preventDefault();h.push(b)}},true);try{var t=localStorage.getItem('substytut-theme');var d=t==='dark'||(t!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'}catch(e){}if(!/(?:^|;\\s*)cookie_consent=/.test(document.cookie))document.documentElement.setAttribute('data-consent-pending','')})()";
