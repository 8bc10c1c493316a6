import type { FileRecord } from '@nordlys/contract/file';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBrowserTransfer } from '../../file-actions/browser-transfer';
import { setFileActionPorts } from '../../file-actions/file-action.ports';
import { fileRecord } from '../../file-actions/file-record.test-data';
import { rootReducer } from '../../state/store';
import { DocumentsPage } from './documents-page.component';

const NOW = new Date(2024, 6, 20, 12).getTime();
const uploaded = (year: number, month: number) => new Date(year, month - 1, 10, 12).getTime() / 1000;

let files: FileRecord[] = [];
let listStatus = 200;
let requests: { method: string; url: URL; body: unknown }[] = [];
let confirms: unknown[] = [];
let downloads: string[] = [];

beforeEach(() => {
  requests = [];
  confirms = [];
  downloads = [];
  listStatus = 200;
  files = [
    fileRecord('d1', { fileName: 'report.pdf', file_type: 'Documents', uploadedTime: uploaded(2024, 7) }),
    fileRecord('d2', { fileName: 'README', file_type: 'Documents', uploadedTime: uploaded(2024, 5) }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      if (method === 'GET' && url.pathname === '/st/4/jobs/default/files') {
        if (listStatus !== 200) return new Response('{"error":"boom"}', { status: listStatus });
        return new Response(JSON.stringify({ files }), {
          headers: { 'Content-Type': 'application/json', 'X-Total-Items': String(files.length) },
        });
      }
      if (method === 'POST' && url.pathname === '/st/4/jobs/job-1/delete_files') {
        const ids = (body as { file_uuids: string[] }).file_uuids;
        files = files.filter((file) => !ids.includes(file.fileID));
        return new Response(
          JSON.stringify({
            results: ids.map((id) => ({ file_uuid: id, status: 'ok' })),
            used_space: 0,
            max_space: 1,
          }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      }
      return new Response('{"error":"Not Found"}', { status: 404 });
    }),
  );
  setFileActionPorts({
    confirm: async (_dispatch, request) => {
      confirms.push(request);
      return true;
    },
    showToast: () => 'toast',
    resolveToast: () => undefined,
  });
  setBrowserTransfer({
    download: (_url, name) => void downloads.push(name),
    copyImage: async () => undefined,
    pause: async () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setFileActionPorts(null);
  setBrowserTransfer(null);
});

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/documents',
        element: <DocumentsPage account={{ userId: 'user-1', isReadOnly: false }} clock={() => NOW} />,
      },
      { path: '/settings', element: <p>settings</p> },
    ],
    { initialEntries: ['/documents'] },
  );
  render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('documents page', () => {
  it('lists documents in a table grouped by upload month, asking for all documents of all time', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table.querySelector('thead')!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Filename', 'File type', 'Uploaded']);
    expect(within(table).getByRole('columnheader', { name: 'July 2024' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'May 2024' })).toBeTruthy();
    const report = within(table).getByRole('row', { name: /report\.pdf/ });
    expect(within(report).getByRole('cell', { name: 'PDF' })).toBeTruthy();
    const readme = within(table).getByRole('row', { name: /README/ });
    expect(within(readme).getByRole('cell', { name: 'unknown' })).toBeTruthy();

    const list = requests.find((r) => r.url.pathname.endsWith('/files'))!;
    expect(list.url.searchParams.get('types')).toBe('Documents');
    expect(list.url.searchParams.get('start')).toBe('0');
    expect(Number(list.url.searchParams.get('end'))).toBeGreaterThanOrEqual(NOW / 1000);
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('selecting shows the toolbar; delete confirms (plural), deletes, resets the selection', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryByRole('toolbar')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all documents' }));
    const toolbar = screen.getByRole('toolbar');
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    await screen.findByText("You don't have any documents yet.");
    expect(confirms).toEqual([{ preset: 'deleteFile', params: { count: 2 } }]);
    const deletion = requests.find((r) => r.method === 'POST')!;
    expect(deletion.body).toEqual({ file_uuids: ['d1', 'd2'] });
    expect(screen.queryByRole('toolbar')).toBeNull();
    // The empty state leads back to settings.
    await userEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    await screen.findByText('settings');
  });

  it('a single delete asks with the singular count; download saves the file and resets the selection', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select report.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads).toEqual(['report.pdf']);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select report.pdf' }) as HTMLInputElement).checked).toBe(
      false,
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select README' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirms).toEqual([{ preset: 'deleteFile', params: { count: 1 } }]);
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /README/ })).toBeNull());
    expect(screen.getByRole('row', { name: /report\.pdf/ })).toBeTruthy();
  });

  it('a cancelled confirmation keeps files and selection', async () => {
    setFileActionPorts({ confirm: async () => false, showToast: () => 't', resolveToast: () => undefined });
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select report.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('toolbar')).toBeTruthy();
  });

  it('a failed load offers a retry', async () => {
    listStatus = 500;
    renderPage();
    await screen.findByText("Your documents couldn't be loaded.");
    listStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
  });

  it('no documents: the empty state', async () => {
    files = [];
    renderPage();
    await screen.findByText("You don't have any documents yet.");
    expect(screen.queryByRole('table')).toBeNull();
  });
});
