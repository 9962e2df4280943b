import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/api/client';
import { QueryStates } from '../src/components/QueryStates';
import { EmptyState } from '../src/components/states';
import {
  createQueryClient,
  type QueryClient,
  QueryProvider,
  type QueryStateOptions,
  queryState,
  useQuery,
  useQueryState,
} from '../src/query/index';
import { useToast } from '../src/toast';

let client: QueryClient;
let toastError: MockInstance;
let answer: () => Promise<string[]>;

beforeEach(() => {
  client = createQueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  toastError = vi.spyOn(useToast(), 'error').mockImplementation(() => {});
});
afterEach(() => toastError.mockRestore());

const failure = (message: string) => new ApiError(message, 500, { success: false, message });

function Courses({ options }: { options: QueryStateOptions }) {
  const query = useQuery({ queryKey: ['courses'], queryFn: () => answer() });
  const { state, retry, refresh } = useQueryState(query, {
    fallback: 'Failed to fetch courses',
    ...options,
  });
  return (
    <>
      <button type="button" onClick={() => void refresh()}>
        Refresh
      </button>
      <QueryStates
        state={state}
        loadingText="Loading your courses..."
        errorTitle="Error Loading Courses"
        onRetry={retry}
        empty={<EmptyState title="No courses added yet" />}
      >
        {(courses) => (
          <ul>
            {courses.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        )}
      </QueryStates>
    </>
  );
}

const renderCourses = (options: QueryStateOptions = {}) =>
  render(
    <StrictMode>
      <QueryProvider client={client}>
        <Courses options={options} />
      </QueryProvider>
    </StrictMode>,
  );

describe('queryState', () => {
  it('is ready with data (also when a refetch failed), the error once nothing is fetching, else loading', () => {
    const base = { data: undefined, error: null, isError: false, isFetching: true };
    expect(queryState(base)).toEqual({ status: 'loading' });
    expect(queryState({ ...base, data: [] })).toEqual({ status: 'ready', data: [] });
    const error = failure('Server says no');
    expect(queryState({ ...base, data: ['a'], error, isError: true, isFetching: false })).toEqual({
      status: 'ready',
      data: ['a'],
    });
    expect(queryState({ ...base, error, isError: true, isFetching: false }, { fallback: 'x' })).toEqual({
      status: 'error',
      error,
      message: 'Server says no',
    });
    // Not reached: the network text, or the fallback where the portal words it so.
    const offline = new ApiError(NETWORK_ERROR_MESSAGE, 0);
    const failed = { ...base, error: offline, isError: true, isFetching: false };
    expect(queryState(failed, { fallback: 'Failed' })).toMatchObject({ message: NETWORK_ERROR_MESSAGE });
    expect(queryState(failed, { fallback: 'Failed', network: 'fallback' })).toMatchObject({ message: 'Failed' });
  });
});

describe('useQueryState and <QueryStates>', () => {
  it('shows loading, then the data; empty data is the empty state', async () => {
    answer = async () => ['React'];
    renderCourses();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your courses...');
    expect(await screen.findByText('React')).toBeInTheDocument();

    answer = async () => [];
    await act(() => client.refetchQueries({ queryKey: ['courses'] }));
    expect(await screen.findByText('No courses added yet')).toBeInTheDocument();
  });

  it("shows the error with the server's message, no toast by default, and Try Again loads again", async () => {
    answer = async () => {
      throw failure('Database unavailable');
    };
    renderCourses();
    expect(await screen.findByText('Error Loading Courses')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();

    answer = async () => ['React'];
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('React')).toBeInTheDocument();
  });

  it("'always' toasts the failure the error state shows too, once (StrictMode)", async () => {
    answer = async () => {
      throw failure('Database unavailable');
    };
    renderCourses({ toast: 'always' });
    expect(await screen.findByText('Error Loading Courses')).toBeInTheDocument();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Database unavailable'));
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it("'background' keeps the data on a failed refetch and toasts that failure once; not the error state's", async () => {
    answer = async () => {
      throw failure('Database unavailable');
    };
    renderCourses({ toast: 'background' });
    expect(await screen.findByText('Error Loading Courses')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();

    answer = async () => ['React'];
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('React')).toBeInTheDocument();

    answer = async () => {
      throw failure('Database unavailable');
    };
    await act(() => client.refetchQueries({ queryKey: ['courses'] }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Database unavailable'));
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('React')).toBeInTheDocument();
  });

  it("'refresh' is silent on a background failure and toasts a failed refresh() with the data kept", async () => {
    answer = async () => ['React'];
    renderCourses({ toast: 'refresh' });
    expect(await screen.findByText('React')).toBeInTheDocument();

    answer = async () => {
      throw failure('Database unavailable');
    };
    await act(() => client.refetchQueries({ queryKey: ['courses'] }));
    expect(toastError).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Database unavailable'));
    expect(screen.getByText('React')).toBeInTheDocument();
  });

  it('shows a failure otherwise through errorView (a 404), and the ErrorState for the rest', () => {
    const notFound = new ApiError('Course not found', 404);
    const view = (error: unknown) =>
      error instanceof ApiError && error.status === 404 ? <p>This course does not exist</p> : undefined;
    const { rerender } = render(
      <QueryStates state={{ status: 'error', error: notFound, message: 'x' }} errorTitle="Oops" errorView={view}>
        {() => null}
      </QueryStates>,
    );
    expect(screen.getByText('This course does not exist')).toBeInTheDocument();
    rerender(
      <QueryStates
        state={{ status: 'error', error: new Error(), message: 'Failed' }}
        errorTitle="Oops"
        errorView={view}
      >
        {() => null}
      </QueryStates>,
    );
    expect(screen.getByText('Oops')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });
});
