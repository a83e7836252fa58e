// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { Link } from './Link';
import { navigate, publicPageAt, syncPublicLocation, usePublicLocation } from './navigation';

function WhereAmI() {
  const { pathname, search, state } = usePublicLocation();
  return <p data-testid="public">{`${pathname}${search} ${JSON.stringify(state)}`}</p>;
}

function RouterLocation() {
  const location = useLocation();
  const goTo = useNavigate();
  return (
    <>
      <p data-testid="router">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>
      <button type="button" onClick={() => goTo('/login', { state: { from: 'portal' } })}>
        sign out
      </button>
    </>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/idc/login'));
afterEach(cleanup);

describe('the public pages’ address bar', () => {
  it('reads the path inside /idc and follows navigate, back and forward', async () => {
    render(<WhereAmI />);
    expect(screen.getByTestId('public')).toHaveTextContent('/login null');

    act(() => navigate({ pathname: '/register', search: '?redirect=x' }, { state: { a: 1 } }));
    expect(window.location.pathname + window.location.search).toBe('/idc/register?redirect=x');
    expect(screen.getByTestId('public')).toHaveTextContent('/register?redirect=x {"a":1}');

    window.history.back();
    expect(await screen.findByText('/login null')).toBeInTheDocument();
  });

  it('writes history entries as react-router’s BrowserRouter does, so each reads the other’s', () => {
    const before = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    navigate('/dashboard', { state: { from: 'login' } });
    expect(window.history.state).toMatchObject({ usr: { from: 'login' }, idx: before + 1 });
    navigate('/dashboard?tab=1', { replace: true });
    expect(window.history.state).toMatchObject({ usr: null, idx: before + 1 });

    navigate('/dashboard', { state: { from: 'login' } });
    render(
      <BrowserRouter basename="/idc">
        <RouterLocation />
        <WhereAmI />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('router')).toHaveTextContent('/dashboard {"from":"login"}');

    fireEvent.click(screen.getByRole('button', { name: 'sign out' }));
    act(syncPublicLocation); // what the portal does when its router moves
    expect(screen.getByTestId('public')).toHaveTextContent('/login {"from":"portal"}');
  });

  it('matches public pages as react-router matched its routes', () => {
    expect(publicPageAt('/login')).toBe('/login');
    expect(publicPageAt('/Login/')).toBe('/login');
    expect(publicPageAt('/password_resets')).toBe('/password_resets');
    expect(publicPageAt('/dashboard')).toBeUndefined();
    expect(publicPageAt('/login/extra')).toBeUndefined();
  });
});

describe('Link', () => {
  it('is a real link to the full address, and a plain click stays in the page', () => {
    render(
      <>
        <Link to="/forgot">Quên mật khẩu?</Link>
        <WhereAmI />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Quên mật khẩu?' });
    expect(link).toHaveAttribute('href', '/idc/forgot');

    // Whether the page let the browser follow the link; then stops jsdom, which cannot navigate.
    const leftToBrowser: boolean[] = [];
    const watch = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', watch);

    // A modified click is the browser's (a new tab): the page does not move.
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('public')).toHaveTextContent('/login');
    fireEvent.click(link);
    expect(screen.getByTestId('public')).toHaveTextContent('/forgot');
    expect(leftToBrowser).toEqual([true, false]);
    window.removeEventListener('click', watch);
  });
});
