// Bootstrap ships ~230 KB of CSS and the shop uses a fraction of it. The browser build keeps only the
// Bootstrap rules whose classes appear in the web app's sources: every first page downloads and
// parses the stylesheet before it can paint. Our own styles.css and a library's stylesheet (the
// dashboard chart's) are left whole.
//
// A class the code builds at run time does not appear in the sources as written, so it is listed here:
// react-bootstrap adds its own (`btn-outline-secondary` from `variant="outline-secondary"`, the modal's,
// the form controls', the tabs'), and a few of ours are made from a value (`alert-${tone}`,
// `text-${variant}`, `tag--${status}`, `offer-badge--${status}`). A new dynamic class belongs here.
import purgeCss from '@fullhuman/postcss-purgecss';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');

export const KEPT_CLASSES = [
  // react-bootstrap: Button, Alert, Modal, Form, Table, Card, Row/Col, InputGroup, Tabs
  /^btn/,
  /^alert/,
  /^modal/,
  /^form-/,
  /^table/,
  /^card/,
  /^col/,
  /^row/,
  /^nav/,
  /^tab/,
  /^input-group/,
  /^fade$/,
  /^show$/,
  /^showing$/,
  /^collaps/,
  /^was-validated$/,
  /^is-(in)?valid$/,
  /^(in)?valid-(feedback|tooltip)$/,
  /^visually-hidden/,
  /^spinner/,
  /^active$/,
  /^disabled$/,
  // react-toastify
  /^Toastify/,
  // ours, built from a value
  /^text-(success|danger|warning|info|primary|secondary)$/,
  /^tag--/,
  /^offer-badge--/,
  /^page-/,
];

/** A PostCSS plugin that drops the unused rules of Bootstrap's stylesheet and leaves other files alone. */
export function unusedBootstrapCss() {
  const purge = purgeCss({
    content: [path.join(web, 'index.html'), path.join(web, 'src/**/*.{ts,tsx}')],
    safelist: { standard: KEPT_CLASSES },
  });
  const bootstrapDist = `${path.sep}bootstrap${path.sep}dist${path.sep}`;
  return {
    postcssPlugin: 'mtumba-unused-bootstrap-css',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      return file.includes(bootstrapDist) ? purge.OnceExit(root, helpers) : undefined;
    },
  };
}
