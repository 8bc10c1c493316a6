import { createContext, useContext } from 'react';

/**
 * The picture the browser already has for a file (uploaded from this tab), by file id. The app
 * fills it from the uploader; without a provider nothing is known locally.
 */
export const LocalPreviewContext = createContext<(fileId: string) => string | null>(() => null);

export const useLocalPreview = (fileId: string): string | null => useContext(LocalPreviewContext)(fileId);
