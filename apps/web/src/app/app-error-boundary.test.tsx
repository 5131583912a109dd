import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Thrower({ fail }: { fail: boolean }) {
  if (fail) throw new Error('Boom');
  return <p>Fine</p>;
}

test('a screen that throws shows the error screen with its message, until the path changes', () => {
  // React reports the caught error on console.error; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { rerender } = render(
    <AppErrorBoundary resetKey="/a">
      <Thrower fail />
    </AppErrorBoundary>,
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 3, name: 'Boom' })).toBeInTheDocument();

  rerender(
    <AppErrorBoundary resetKey="/b">
      <Thrower fail={false} />
    </AppErrorBoundary>,
  );
  expect(screen.getByText('Fine')).toBeInTheDocument();
});
