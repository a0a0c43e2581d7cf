import path from 'node:path';
import type { Plugin } from 'vite';
import { SHELL_NAMESPACES } from '../app/lib/text-namespaces.ts';
import { LOCALES } from '../shared/constants.ts';

// How the web app's code is cut into files. The bundler splits by route on its own, but it gives every set
// of modules that the same routes share a file of its own: the first page loaded seventy small files, each
// paying some 470 bytes of response headers and a request. Three groups gather what every first load needs:
//
// - `framework`: React, the router, TanStack Query and antd's core (theme, style engine, config
//   provider), with what they import: every page runs on them. The pop-up engine (`@rc-component/trigger`)
//   is not in it: antd's ConfigProvider imports it only for unique tooltips, which the portal never turns on
//   (scripts/antd-unique-tooltip.ts); the pages with tooltips and menus download it, and with it the
//   pop-ups' styles (`popup-styles`), though these sit in the antd folders the framework takes.
// - `shell`: everything `app/app.tsx` imports statically (the providers, the auth client, the API client,
//   the router table): it runs before any route. With it, what the sign-in screen shares with the public
//   pages (the header's brand and language switch, the route outlet, the prose, panel and tag pieces), so
//   that the sign-in screen does not download the public layout's file for them.
// - `public-shell`: what the public layout imports statically beyond the two above (its menus, the user menu,
//   the antd components it draws), and the few small pieces the tutorial and member pages all draw: the home
//   page, the teaching pages and every member page sit in it.
//
// Three more gather what only some first loads need: `signed-in`, what the layouts run only for someone signed
// in (the hub's client, system messages, the membership notice), loaded once someone signs in;
// `sign-in-shared`, the few constants of shared/ the sign-in screen uses; and `article`, a tutorial's view.
//
// The antd icons the app uses go into a few `icons` files, split by the routes that use them, since each
// would otherwise be a file of its own, except those the first screens draw (the shells' and the home
// page's, with those of the antd components they use): they go into the shell groups, so the home page
// does not download the icons of other pages to draw its own; the tutorial pages', the sign-in screen's and a
// member's first pages' icons have a file of their own each (`visitor-icons`, `sign-in-icons`,
// `member-icons`), less those they share, which go into `first-page-icons`. The API contract with its schemas
// and zod go into one `contract` file: the API client downloads it with a page's first call (a page that
// calls nothing, like the home page for a visitor, does not load it), and forms that validate with the
// shared schemas load it too. Route code (pages, the sign-in screens, the back office, editors, charts)
// stays split by route.

/** The modules of antd's icons, one per icon, each a pure SVG description and a component around it. */
const ICON_MODULE = /[\\/]@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/]/;

/** Icon files used by fewer routes are merged up to this size (measured: 8, 16 and 32 KB, best at 16). */
const ICON_FILE_MERGE_BYTES = 16_000;

/**
 * What the layouts run only for someone signed in: the hub's client code with its event names, the system
 * messages, the membership notice and the reminder sound (app/layouts/signed-in-extras.tsx loads them for
 * the public layout).
 */
const SIGNED_IN_MODULE =
  /[\\/]app[\\/](?:lib[\\/]hub|components[\\/](?:system-messages|membership-notice))[\\/]|[\\/]app[\\/](?:layouts[\\/]signed-in-extras\.tsx|lib[\\/]reminder-sound\.ts)$|[\\/]shared[\\/]realtime-names\.ts$/;

const ARTICLE_MODULE = /[\\/]app[\\/]domains[\\/]teaching[\\/]article-(?:view\.tsx|status\.ts|params\.ts)$/;

const CONTRACT_MODULE = /[\\/]shared[\\/](?:api-contract\.ts|schemas[\\/])|[\\/]node_modules[\\/]zod[\\/]/;

/** shared/'s own modules but the contract and the hub's payload schemas (they import zod). */
const SHARED_CONSTANTS_MODULE = /[\\/]shared[\\/](?!api-contract\.ts$|realtime\.ts$)[^\\/]+\.ts$/;

const shellTextsOf = (locale: string) =>
  new RegExp(String.raw`[\\/]app[\\/]locales[\\/]${locale}[\\/](?:${SHELL_NAMESPACES.join('|')})\.ts$`);

const FRAMEWORK_MODULE = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-is|stylis|@babel[\\/]runtime)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@ant-design[\\/](?:cssinjs|cssinjs-utils|fast-color|colors)[\\/]`,
    // The portal of every pop-up, dialog and drawer: 1 KB that would otherwise be a file of its own.
    String.raw`[\\/]node_modules[\\/]@rc-component[\\/]portal[\\/]`,
    String.raw`[\\/]node_modules[\\/]antd[\\/]es[\\/](?:config-provider|theme|_util|style|locale)[\\/]`,
  ].join('|'),
);

/**
 * antd's styles and placements of pop-ups (arrows, zoom, slide and move animations): under the folders the
 * framework takes whole, but only the pages that open a tooltip, menu or pop-over draw them.
 */
const POPUP_STYLE_MODULE =
  /[\\/]antd[\\/]es[\\/](?:style[\\/](?:placementArrow|roundedArrow|motion[\\/](?:zoom|slide|move))|_util[\\/]placements)\.js$/;

/**
 * The zoom animation among them, which forms use too (a field's feedback icon zooms in): in a file of its own,
 * so that a page with a form and no pop-up (the sign-in screen) does not download the rest.
 */
const ZOOM_MOTION_MODULE = /[\\/]antd[\\/]es[\\/]style[\\/]motion[\\/]zoom\.js$/;

const RESIZE_OBSERVER_MODULE = /[\\/]node_modules[\\/]@rc-component[\\/]resize-observer[\\/]/;

/** The files whose static imports make up each shell group. */
const SHELL_ROOTS = {
  // With what every layout's header draws (the brand, the language switch) and the text, panel, tag, flex and
  // alert pieces the first pages and the sign-in screen draw instead of antd's Typography, Card, Tag, Flex and
  // Alert (a file of their own would cost each first page a request for half a kilobyte).
  shell: [
    'app/app.tsx',
    'app/components/route-outlet.tsx',
    'app/lib/use-api.ts',
    'app/components/brand-logo.tsx',
    'app/components/language-switch.tsx',
    'app/components/prose.tsx',
    'app/components/panel.tsx',
    'app/components/color-tag.tsx',
    'app/components/stack.tsx',
    'app/components/inline-alert.tsx',
  ],
  // With the small pieces the tutorial pages and a member's pages all draw (a load error, placeholders, dates,
  // the image address check): the home page gets 0.3 KB on the wire it does not use, those pages four requests
  // fewer.
  'public-shell': [
    'app/layouts/public-layout.tsx',
    'app/components/query-error.tsx',
    'app/components/placeholder.tsx',
    'app/lib/date-format.ts',
    'app/lib/safe-image-url.ts',
  ],
  'signed-in': ['app/layouts/signed-in-extras.tsx'],
  'sign-in-shared': ['app/features/auth/account-login-page.tsx'],
} as const;

/** The groups that take only some of the modules their roots reach. */
const SHELL_ONLY: Partial<Record<keyof typeof SHELL_ROOTS, RegExp>> = {
  'signed-in': SIGNED_IN_MODULE,
  'sign-in-shared': SHARED_CONSTANTS_MODULE,
};

/** Pages of the first visit beyond the shells whose icons travel with the public shell. */
const FIRST_SCREEN_PAGES = ['app/features/home/home-page.tsx'];

/**
 * The other pages a visitor lands on from a search or a shared link (the tutorials): their icons in one file
 * of their own. Split by the routes that use them, those icons shared files with the back office's and the
 * image preview's, and the tutorial list downloaded some 40 icons to draw 8.
 */
const VISITOR_PAGES = ['app/features/teach/teach-list-page.tsx', 'app/features/teach/teach-detail-page.tsx'];

/**
 * A member's first pages (the strategy feed, in the trading section) and what the layout runs for someone
 * signed in: their icons in one file of their own. Split by the routes that use them, those icons came in
 * three files shared with the back office, 34 icons for the dozen or so the feed draws.
 */
const MEMBER_PAGES = [
  'app/layouts/signed-in-extras.tsx',
  'app/features/trading/trading-section.tsx',
  'app/features/trading/advisory-feed.tsx',
];

/**
 * The sign-in screen's page: its own icons in a file of their own; the icons it draws too (the search and
 * eye icons of antd's Input) are left out of the tutorials' and the members' files, which it would otherwise
 * download whole for two of them.
 */
const SIGN_IN_PAGE = 'app/features/auth/account-login-page.tsx';

/** Indexes that re-export a whole library: the icon walk follows the names imported from them instead. */
const ANTD_INDEX = /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/;
const ICONS_INDEX = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/;
const ANTD_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']antd["']/g;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@ant-design\/icons["']/g;

/** The names an app module imports from a library's index, read from its transformed code. */
function namesImported(code: string | null | undefined, from: RegExp): string[] {
  if (!code) return [];
  return [...code.matchAll(from)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((part) => part.replace(/\s+as\s+\w+\s*$/, '').trim())
      .filter((name) => /^[A-Za-z]\w*$/.test(name) && name !== 'type'),
  );
}

/** The icon's name for an icon module (`…/es/icons/ReadOutlined.js` and its SVG `…/es/asn/ReadOutlined.js`). */
function iconNameOf(id: string): string {
  return path.basename(id).replace(/\.js$/, '');
}

type ShellName = keyof typeof SHELL_ROOTS;
type IconShellName = 'shell' | 'public-shell';

/**
 * The chunk groups for `build.rolldownOptions.output.codeSplitting`, and the plugin that reads the module
 * graph for the shell groups (it must be in `plugins`: the groups are decided after the graph is built).
 */
export function chunkGroups(appRoot: string) {
  const members: Record<ShellName, Set<string>> = {
    shell: new Set(),
    'public-shell': new Set(),
    'signed-in': new Set(),
    'sign-in-shared': new Set(),
  };
  // The icons that travel with the two shells (the other groups take none).
  const icons: Record<IconShellName, Set<string>> = { shell: new Set(), 'public-shell': new Set() };
  let visitorIcons = new Set<string>();
  let memberIcons = new Set<string>();
  let ownSignInIcons = new Set<string>();
  let sharedFirstPageIcons = new Set<string>();
  const antdEs = path.resolve(appRoot, '..', 'node_modules', 'antd', 'es');

  const plugin: Plugin = {
    name: 'portal-chunk-groups',
    apply: 'build',
    buildEnd() {
      // Each group takes what an earlier one has not taken.
      const claimed = new Set<string>();
      for (const name of Object.keys(SHELL_ROOTS) as ShellName[]) {
        members[name].clear();
        const visited = new Set<string>();
        const pending = SHELL_ROOTS[name].map((file) => path.resolve(appRoot, '..', file));
        while (pending.length > 0) {
          const id = pending.pop() as string;
          // The app's own modules; what they use from node_modules follows them (the group includes its
          // modules' dependencies), as bundled: through antd's index only the components imported by name.
          if (visited.has(id) || claimed.has(id) || id.includes('node_modules')) continue;
          visited.add(id);
          if (SHELL_ONLY[name]?.test(id) ?? true) members[name].add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        for (const id of members[name]) claimed.add(id);
      }

      // The icons a group's code can draw: those its own modules import by name, and those of the antd
      // components they use (antd imports each icon's module directly).
      const iconsReachedFrom = (files: readonly string[]) => {
        const found = new Set<string>();
        const visited = new Set<string>();
        const pending = files.map((file) => path.resolve(appRoot, '..', file));
        for (const root of pending)
          if (!this.getModuleInfo(root)) this.error(`chunk groups: ${root} is not in the module graph`);
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (visited.has(id)) continue;
          visited.add(id);
          if (ICON_MODULE.test(id)) {
            found.add(iconNameOf(id));
            continue;
          }
          const info = this.getModuleInfo(id);
          if (!info) continue;
          if (!id.includes('node_modules')) {
            for (const icon of namesImported(info.code, ICON_IMPORT)) found.add(icon);
            for (const component of namesImported(info.code, ANTD_IMPORT)) {
              const folder = component.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
              pending.push(path.join(antdEs, folder, 'index.js'));
            }
          }
          for (const dep of info.importedIds)
            if (!ANTD_INDEX.test(dep) && !ICONS_INDEX.test(dep)) pending.push(dep);
        }
        return found;
      };
      icons.shell = iconsReachedFrom(SHELL_ROOTS.shell);
      icons['public-shell'] = iconsReachedFrom([...SHELL_ROOTS['public-shell'], ...FIRST_SCREEN_PAGES]);
      for (const icon of icons.shell) icons['public-shell'].delete(icon);
      const visitorPagesIcons = iconsReachedFrom(VISITOR_PAGES);
      const signInIcons = iconsReachedFrom([SIGN_IN_PAGE]);
      visitorIcons = new Set(visitorPagesIcons);
      for (const icon of [...icons.shell, ...icons['public-shell'], ...signInIcons])
        visitorIcons.delete(icon);
      // Less those a visitor's pages draw too, which would otherwise download the members' file for them.
      const memberPagesIcons = iconsReachedFrom(MEMBER_PAGES);
      memberIcons = new Set(memberPagesIcons);
      for (const icon of [...icons.shell, ...icons['public-shell'], ...visitorPagesIcons, ...signInIcons])
        memberIcons.delete(icon);
      // And the sign-in screen's own, less those the others draw.
      ownSignInIcons = new Set(signInIcons);
      for (const icon of [
        ...icons.shell,
        ...icons['public-shell'],
        ...visitorPagesIcons,
        ...memberPagesIcons,
      ])
        ownSignInIcons.delete(icon);
      // Those two or three of them draw (antd's Alert and message icons, Input's eye): one small file of their
      // own. In the route-split files they joined back-office icons, which every first page then downloaded.
      const shellIcons = new Set([...icons.shell, ...icons['public-shell']]);
      const drawnBy = [visitorPagesIcons, memberPagesIcons, signInIcons];
      sharedFirstPageIcons = new Set(
        [...new Set(drawnBy.flatMap((set) => [...set]))].filter(
          (icon) => !shellIcons.has(icon) && drawnBy.filter((set) => set.has(icon)).length >= 2,
        ),
      );
    },
  };

  const iconOf = (name: IconShellName, id: string) => ICON_MODULE.test(id) && icons[name].has(iconNameOf(id));
  const shellGroup = (name: IconShellName, priority: number) => ({
    name,
    priority,
    test: (id: string) => (members[name].has(id) && !ICON_MODULE.test(id)) || iconOf(name, id),
  });

  return {
    plugin,
    groups: [
      {
        name: 'framework',
        test: (id: string) => FRAMEWORK_MODULE.test(id) && !POPUP_STYLE_MODULE.test(id),
        priority: 4,
      },
      // The pop-ups' styles in one file, downloaded with the first pop-up a page opens or draws.
      { name: 'zoom-motion', test: ZOOM_MOTION_MODULE, priority: 4 },
      { name: 'popup-styles', test: POPUP_STYLE_MODULE, priority: 4 },
      // The resize observer in a file of its own: antd's Input needs it for its text area, the pop-up engine
      // for its pop-ups. Left to the bundler it joined the tooltip's file, and every page with a search box
      // downloaded the pop-up engine (10.6 KB) for 1.3 KB of it.
      { name: 'resize-observer', test: RESIZE_OBSERVER_MODULE, priority: 4 },
      // The shell's texts of a language in one file (they compress better together than apart), downloaded
      // with whichever of them a page asks for first (app/lib/texts.ts).
      ...LOCALES.map((locale) => ({ name: `texts-${locale}`, test: shellTextsOf(locale), priority: 5 })),
      {
        name: 'visitor-icons',
        test: (id: string) => ICON_MODULE.test(id) && visitorIcons.has(iconNameOf(id)),
        priority: 3,
      },
      {
        name: 'member-icons',
        test: (id: string) => ICON_MODULE.test(id) && memberIcons.has(iconNameOf(id)),
        priority: 3,
      },
      {
        name: 'sign-in-icons',
        test: (id: string) => ICON_MODULE.test(id) && ownSignInIcons.has(iconNameOf(id)),
        priority: 3,
      },
      {
        name: 'first-page-icons',
        test: (id: string) => ICON_MODULE.test(id) && sharedFirstPageIcons.has(iconNameOf(id)),
        priority: 3,
      },
      {
        name: 'icons',
        test: (id: string) =>
          ICON_MODULE.test(id) &&
          !sharedFirstPageIcons.has(iconNameOf(id)) &&
          !iconOf('shell', id) &&
          !iconOf('public-shell', id) &&
          !visitorIcons.has(iconNameOf(id)) &&
          !memberIcons.has(iconNameOf(id)) &&
          !ownSignInIcons.has(iconNameOf(id)),
        priority: 3,
        // Split by the set of routes that use them, the small sets merged with their nearest neighbour up to
        // 16 KB: a page downloads its own few files of icons, not every icon of the back office.
        entriesAware: true,
        entriesAwareMergeThreshold: ICON_FILE_MERGE_BYTES,
      },
      shellGroup('shell', 2),
      shellGroup('public-shell', 1),
      // One file for members, none for visitors: left to the bundler, these modules (shared with the member
      // pages) were split into a dozen small files. Only they: what they import from elsewhere stays where
      // the other pages find it.
      // The dialogs they open stay out: those load when opened.
      {
        name: 'signed-in',
        test: (id: string) => members['signed-in'].has(id),
        priority: 1,
        includeDependenciesRecursively: false,
      },
      // A tutorial's own pieces (its view, status and address parameter), which it shares with the back
      // office's review: one file, not three of a few hundred bytes each. Only they, as for `signed-in`.
      {
        name: 'article',
        test: ARTICLE_MODULE,
        priority: 1,
        includeDependenciesRecursively: false,
      },
      // The few constants of shared/ the sign-in screen uses (no schemas, no zod): the contract's file would
      // otherwise take them with the schemas that import them, and the screen would download those and zod.
      {
        name: 'sign-in-shared',
        test: (id: string) => members['sign-in-shared'].has(id),
        priority: 1,
      },
      { name: 'contract', test: CONTRACT_MODULE, priority: 0 },
    ],
  };
}
