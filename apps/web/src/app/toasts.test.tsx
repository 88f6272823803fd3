import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import Toasts from './toasts';

it('shows toasts at the bottom right, clear of the header\'s language, theme and panel controls and of a dialog\'s title and close button (issue 34)', async () => {
  render(<Toasts />);
  act(() => {
    toast.success('Zapisano');
  });
  const message = await screen.findByText('Zapisano');
  const container = message.closest('.Toastify__toast-container');
  expect(container).toHaveClass('Toastify__toast-container--bottom-right');
  expect(container).not.toHaveClass('Toastify__toast-container--top-right');
});
