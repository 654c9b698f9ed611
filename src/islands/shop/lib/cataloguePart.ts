// The two inline scripts of the static group page that bring its per-request catalogue part
// (shop/category/{pg}/catalogue, an HTML fragment with the customer's first listing page and the
// CategoryView island). ASK runs in <head>, before the stylesheet that would hold back a script in the
// body, so the part is on its way while the page's CSS loads; PLACE runs right after the slot and swaps
// the loading state for the part (its island scripts run on insertion). The page's query (sort, filters)
// is passed on so the part answers for the address. The part's inline scripts (the island runtime and
// the client:interaction directive) are those of the page's header islands, so the page's CSP admits them.

/** `<script data-part="…">` in the head: starts the request. Resolves to the part's HTML; '' when the
 *  part has no first answer for this query (204: the full listing shows the API's error); null on failure. */
export const ASK_CATALOGUE =
  "window.__cataloguePart=fetch(document.currentScript.dataset.part+location.search).then(function(r){if(r.status===204)return'';if(!r.ok||(r.headers.get('content-type')||'').indexOf('text/html'))throw r;return r.text()}).catch(function(){return null})";

/** Right after `.catalogue-part` and its hidden `.catalogue-part__error` (whose link is the full listing). */
export const PLACE_CATALOGUE =
  "(function(s){var p=s.parentNode.querySelector('.catalogue-part'),e=s.parentNode.querySelector('.catalogue-part__error');window.__cataloguePart.then(function(h){if(h)p.replaceChildren(document.createRange().createContextualFragment(h));else if(h==='')location.replace(e.querySelector('a').href+location.search);else{p.hidden=true;e.hidden=false}})})(document.currentScript)";
