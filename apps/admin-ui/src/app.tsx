import { useEffect, useMemo, useState } from 'preact/hooks';
import { createAdminApi, type AdminApi } from './lib/admin-api.js';
import { KeysPage } from './pages/keys-page.js';
import { LogsPage } from './pages/logs-page.js';
import { ModelsPage } from './pages/models-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { SignIn } from './pages/sign-in.js';
import { UsagePage } from './pages/usage-page.js';

const PAGES = {
  overview: { title: 'Overview', Page: OverviewPage },
  keys: { title: 'Keys', Page: KeysPage },
  usage: { title: 'Usage', Page: UsagePage },
  logs: { title: 'Logs', Page: LogsPage },
  models: { title: 'Models', Page: ModelsPage },
} as const;

type PageName = keyof typeof PAGES;

/** The token lives for the tab only (sessionStorage): closing it signs out. */
const TOKEN_ITEM = 'modelgate-admin-token';

function currentPage(): PageName {
  const name = location.hash.replace(/^#\/?/, '');
  return name in PAGES ? (name as PageName) : 'overview';
}

/** Hash routing (`/ui#/keys`): the gateway serves one page and needs no route per view. */
export function App() {
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_ITEM));
  const [page, setPage] = useState<PageName>(currentPage);
  useEffect(() => {
    const follow = () => setPage(currentPage());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const api: AdminApi | undefined = useMemo(() => (token ? createAdminApi(token) : undefined), [token]);
  if (!api) {
    return (
      <SignIn
        onSignedIn={(accepted) => {
          sessionStorage.setItem(TOKEN_ITEM, accepted);
          setToken(accepted);
        }}
      />
    );
  }
  const { Page } = PAGES[page];
  return (
    <div class="shell">
      <nav>
        <strong>Modelgate</strong>
        {(Object.keys(PAGES) as PageName[]).map((name) => (
          <a key={name} href={`#/${name}`} class={name === page ? 'active' : ''}>
            {PAGES[name].title}
          </a>
        ))}
        <button
          type="button"
          class="link"
          onClick={() => {
            sessionStorage.removeItem(TOKEN_ITEM);
            setToken(null);
          }}
        >
          Sign out
        </button>
      </nav>
      <main>
        <Page api={api} />
      </main>
    </div>
  );
}
