import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../features/toasts/toast.thunks';
import { renderAppAt } from './test-utils';

describe('always-present overlays', () => {
  it('shows toasts above any screen, in-app pages included', async () => {
    const { store } = renderAppAt('/_from_inside_app/deleted_items');
    await screen.findByRole('heading', { name: 'Trash', level: 1 });
    act(() => {
      store.dispatch(showToast({ type: 'changesSaved' }));
    });
    expect(await screen.findByText('Changes saved')).toBeTruthy();
  });
});
