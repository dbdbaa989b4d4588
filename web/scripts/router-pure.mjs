// React Router's production build defines its components at the top of one module:
// `var Form = React10.forwardRef(...)`, then `Form.displayName = "Form"`. A bundler must keep a
// call it cannot prove pure and a property write, so every component (Form, fetchers, scroll
// restoration, the prefetching links, the framework's and React Server Components' parts) reached
// every visitor's first page, used or not. This plugin marks those calls pure and drops the
// displayName lines (names for React's developer tools) in that file only, so that what the app
// does not use falls away.

const ROUTER_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** @returns {import('vite').Plugin} */
export function routerPure() {
  return {
    name: 'mtumba-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_BUILD.test(id)) return null;
      const out = code
        .replace(/^ *[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.(?:forwardRef|memo|createContext))\(/g, '= /* @__PURE__ */ $1(');
      return { code: out, map: null };
    },
  };
}
