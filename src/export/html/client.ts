/**
 * What a one-file export adds to the site's script and stylesheet, as text to inline (the site's own
 * assets are built at package build; these few lines are not worth a second bundle).
 *
 * The script shows embedded full texts (html/blobs.ts): a click on a row's `Full text` link, or on an
 * entry's `Show` button in the "Full texts" section, inflates that text with the browser's
 * `DecompressionStream('deflate')` and puts it in a `<pre>` right there (as text, never as markup); a
 * second click hides it. Without JavaScript the link leads to the entry, which says the text needs
 * JavaScript; everything else in the file reads without it. Plain ES2017 in one IIFE, no module syntax
 * (Chromium refuses module scripts from file://), no network. The labels come from data attributes, so the
 * script is the same for every locale (its hash too).
 *
 * The stylesheet lets the browser skip layout of parts that are off screen (`content-visibility`, which
 * keeps them in find-in-page and the accessibility tree) and styles the export's own few elements with the
 * site's design tokens.
 */

export const EXPORT_SCRIPT = `(function () {
  'use strict';
  var doc = document;
  var appendix = doc.querySelector('[data-export-appendix]');
  if (appendix === null) return;
  var label = function (name) { return appendix.getAttribute('data-' + name + '-label') || ''; };
  var canDecode = typeof DecompressionStream === 'function' && typeof Response === 'function' && typeof Blob === 'function';
  var pending = {};
  var blobOf = function (hash) {
    var entry = doc.getElementById('full-' + hash);
    return entry === null ? null : entry.querySelector('script[data-export-blob]');
  };
  var decode = function (hash) {
    if (pending[hash] !== undefined) return pending[hash];
    var block = blobOf(hash);
    if (block === null || !canDecode) return Promise.reject(new Error('not embedded'));
    var binary = atob((block.textContent || '').trim());
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    pending[hash] = new Response(stream).text();
    return pending[hash];
  };
  var toggle = function (hash, anchor, control) {
    var last = anchor;
    for (var next = anchor.nextElementSibling; next !== null && next.hasAttribute('data-export-expansion'); next = next.nextElementSibling) {
      if (next.getAttribute('data-hash') === hash) {
        next.remove();
        control.setAttribute('aria-expanded', 'false');
        if (control.tagName === 'BUTTON') control.textContent = label('show');
        return;
      }
      last = next;
    }
    var pre = doc.createElement('pre');
    pre.setAttribute('data-export-expansion', '');
    pre.setAttribute('data-hash', hash);
    pre.tabIndex = 0;
    pre.textContent = label('loading');
    last.insertAdjacentElement('afterend', pre);
    control.setAttribute('aria-expanded', 'true');
    if (control.tagName === 'BUTTON') control.textContent = label('hide');
    decode(hash).then(function (text) { pre.textContent = text; }, function () { pre.textContent = label('failed'); });
  };
  var entries = doc.querySelectorAll('[data-export-full]');
  for (var i = 0; i < entries.length; i++) {
    var entry = entries[i];
    var note = entry.querySelector('[data-export-note]');
    var button = entry.querySelector('button[data-export-show]');
    if (blobOf(entry.getAttribute('data-hash') || '') === null) continue;
    if (!canDecode) { if (note !== null) note.textContent = label('unsupported'); continue; }
    if (note !== null) note.hidden = true;
    if (button !== null) button.hidden = false;
  }
  doc.addEventListener('click', function (event) {
    var origin = event.target instanceof Element ? event.target : null;
    if (origin === null || !canDecode) return;
    var button = origin.closest('button[data-export-show]');
    if (button !== null) {
      var owner = button.closest('[data-export-full]');
      if (owner !== null) toggle(owner.getAttribute('data-hash') || '', button, button);
      return;
    }
    var link = origin.closest('[data-row-extras] a[href^="#full-"]');
    var list = link === null ? null : link.closest('[data-row-extras]');
    if (link === null || list === null) return;
    var hash = (link.getAttribute('href') || '').slice(6);
    if (blobOf(hash) === null) return;
    event.preventDefault();
    toggle(hash, list, link);
  });
})();
`

export const EXPORT_CSS = `
[data-export-part]:not([data-export-part="first"]){content-visibility:auto;contain-intrinsic-size:auto 1500px}
[data-export-session]{margin-top:2.5rem;border-top:3px solid var(--dv-border)}
[data-export-note-block],[data-export-appendix]{max-width:52rem;margin:1rem auto;padding:0 .75rem;color:var(--dv-muted);font-size:.875rem}
[data-export-appendix] h2{font-size:1rem;color:var(--dv-fg)}
[data-export-full]{margin:.5rem 0;padding:.5rem 0;border-top:1px solid var(--dv-border)}
[data-export-full] p{margin:.25rem 0}
[data-export-full] button{font:inherit;color:var(--dv-accent);background:var(--dv-surface);border:1px solid var(--dv-border);border-radius:var(--dv-radius);padding:.125rem .5rem;cursor:pointer}
pre[data-export-expansion]{max-width:52rem;max-height:70vh;overflow:auto;margin:.25rem auto .75rem;padding:.5rem .75rem;background:var(--dv-surface);color:var(--dv-fg);border:1px solid var(--dv-border);border-radius:var(--dv-radius);font-size:.8125rem;white-space:pre-wrap}
[data-export-full] pre[data-export-expansion]{margin-left:0}
@media print{[data-export-part]{content-visibility:visible}}
`
