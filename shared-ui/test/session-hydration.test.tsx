import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../src/contracts/index';
import {
  createSessionStore,
  type Identity,
  SessionStoreProvider,
  sessionStore,
  signedInWithProfile,
  takeOverSession,
  useSession,
} from '../src/session/store';

// A signed-in page rendered on the server (#34) is taken over in the browser with the state it was
// rendered with: the session store's hydration snapshot is that state, not the store's initial one.

const identity: Identity = { id: 'user_1', email: 'sam@example.com', fullName: 'Sam Student', imageUrl: '' };
const user = { _id: 'user_1', name: 'Sam Student', roles: ['student'], enrolledCourses: [] } as unknown as UserProfile;

function Bar() {
  const name = useSession((s) => (s.status === 'signed-in' ? s.identity?.fullName : null));
  return <header>{name ? <span>Signed in as {name}</span> : null}</header>;
}

/** The server's markup of the bar, rendered with a store of its own (as the render module does). */
const serverMarkup = () =>
  renderToString(
    <SessionStoreProvider store={createSessionStore(signedInWithProfile(identity, user))}>
      <Bar />
    </SessionStoreProvider>,
  );

async function takeOver(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Bar />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

afterEach(() => {
  document.body.innerHTML = '';
  sessionStore.setState(sessionStore.getInitialState(), true);
});

describe('taking over a page rendered for a signed-in user', () => {
  // First: a take-over is once per page (the rendered state then stays the hydration snapshot).
  it('without it, the store reads as loading while hydrating and React throws the markup away', async () => {
    sessionStore.setState(signedInWithProfile(identity, user));
    const { errors } = await takeOver(serverMarkup());
    expect(errors).toHaveLength(1);
  });

  it('hydrates with the rendered session: no mismatch, the markup kept', async () => {
    const html = serverMarkup();
    expect(html).toContain('Signed in as <!-- -->Sam Student');
    takeOverSession(signedInWithProfile(identity, user));
    const { container, errors } = await takeOver(html);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('Signed in as Sam Student');
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', userLoaded: true, roles: ['student'] });
  });
});
