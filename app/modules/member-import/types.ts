import type { ImportStatus } from "./schema";

/** One import as the admin screens show it (dates as ISO text for the loader). */
export interface ImportJobView {
  id: string;
  fileName: string;
  status: ImportStatus;
  totalRows: number;
  totalProcessed: number;
  totalFailed: number;
  created: number;
  updated: number;
  isComplete: boolean;
  createdAt: string;
  completedAt: string | null;
  createdByName: string | null;
}
