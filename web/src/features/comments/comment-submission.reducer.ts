/**
 * core.md §4 Comment submission: NOT_YET_SUBMITTED → PENDING on submit; back to NOT_YET_SUBMITTED
 * (the field cleared) on success; ERROR on failure (the text kept); back on abort.
 */
export type SubmissionStatus = 'NOT_YET_SUBMITTED' | 'PENDING' | 'ERROR';

export interface SubmissionState {
  status: SubmissionStatus;
  text: string;
}

export type SubmissionAction =
  | { type: 'typed'; text: string }
  | { type: 'submitted' }
  | { type: 'succeeded' }
  | { type: 'failed' }
  | { type: 'aborted' };

export const initialSubmission: SubmissionState = { status: 'NOT_YET_SUBMITTED', text: '' };

/** core.md §5: posted only when non-empty. */
export const canSubmit = (state: SubmissionState): boolean =>
  state.status !== 'PENDING' && state.text.trim().length > 0;

export function submissionReducer(state: SubmissionState, action: SubmissionAction): SubmissionState {
  switch (action.type) {
    case 'typed':
      // Read-only while pending.
      if (state.status === 'PENDING') return state;
      return { status: state.status === 'ERROR' ? 'NOT_YET_SUBMITTED' : state.status, text: action.text };
    case 'submitted':
      return canSubmit(state) ? { ...state, status: 'PENDING' } : state;
    case 'succeeded':
      return state.status === 'PENDING' ? initialSubmission : state;
    case 'failed':
      return state.status === 'PENDING' ? { ...state, status: 'ERROR' } : state;
    case 'aborted':
      return state.status === 'PENDING' ? { ...state, status: 'NOT_YET_SUBMITTED' } : state;
  }
}
