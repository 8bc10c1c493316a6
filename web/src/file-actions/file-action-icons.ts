import {
  ArchiveRestore,
  Clipboard,
  Download,
  FileOutput,
  FolderPlus,
  ImagePlus,
  type LucideIcon,
  Pencil,
  Share2,
  Star,
  Trash2,
  XCircle,
} from 'lucide-react';
import type { FileActionIcon } from './file-action.types';

/** Lucide components for the actions' icon names (the only React-facing part of this folder). */
export const FILE_ACTION_ICONS: Record<FileActionIcon, LucideIcon> = {
  trash: Trash2,
  restore: ArchiveRestore,
  'delete-forever': XCircle,
  'copy-to-timeline': ImagePlus,
  download: Download,
  export: FileOutput,
  clipboard: Clipboard,
  cover: Star,
  album: FolderPlus,
  share: Share2,
  edit: Pencil,
};
