import { render } from '@testing-library/react';
import App from '../../src/App';
import { writeSessionCookies } from '../../src/auth/cookies';
import { forgetMenu } from '../../src/auth/menu';
import { TEST_PASSWORD } from '../support/constants';

/** Renders the whole console at a path (jsdom's location), as a browser would open it. */
export function renderApp(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

/** Logs in through the API (as the login page does) and stores the session cookies. */
export async function signIn(username = 'admin', password = TEST_PASSWORD) {
  const response = await fetch('/api/v1/quan_xian/deng_lu/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const body = (await response.json()) as { code: number; sessinId: string; areaId: number; userId: number; roleId: number };
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  writeSessionCookies({ ...body, username });
  forgetMenu();
  return body;
}
