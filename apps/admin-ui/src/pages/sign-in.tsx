import { useState } from 'preact/hooks';
import { createAdminApi } from '../lib/admin-api.js';

/** Asks for the admin token and checks it against the admin API before keeping it. */
export function SignIn({ onSignedIn }: { readonly onSignedIn: (token: string) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await createAdminApi(token.trim()).get('/keys');
      onSignedIn(token.trim());
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form class="sign-in" onSubmit={submit}>
      <h1>Modelgate admin</h1>
      <label>
        Admin token
        <input name="token" type="password" autoComplete="current-password" value={token} onInput={(event) => setToken(event.currentTarget.value)} />
      </label>
      <button type="submit">Sign in</button>
      {error && <p class="error" role="alert">{error}</p>}
    </form>
  );
}
