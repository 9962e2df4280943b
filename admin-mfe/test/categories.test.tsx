import { apiRequest, type Category } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_CATEGORY_TEXT } from '../src/features/categories/components/CategoriesTab';
import {
  button,
  deferred,
  expectLoadingUntil,
  failsUntilRecovered,
  findDialog,
  getCalls,
  mockGet,
  mockPost,
  REQUESTS_PATH,
  renderPage,
  serverError,
  signInAsAdmin,
  toastOf,
  user,
} from './helpers';

const CATEGORIES_PATH = '/api/categories';
const ADD_PATH = '/api/admin/categories';
const apiSend = vi.mocked(apiRequest);

const WEB: Category = { slug: 'web-development', name: 'Web Development', courseCount: 5 };
const DATA: Category = { slug: 'data-science', name: 'Data Science', courseCount: 1 };
const EMPTY: Category = { slug: 'design', name: 'Design', courseCount: 0 };

beforeEach(() => {
  signInAsAdmin();
  apiSend.mockReset();
});

function serve(categories: () => unknown) {
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [] }), [CATEGORIES_PATH]: categories });
}
const answer = (list: Category[]) => () => ({ success: true, categories: list });

async function openTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  expect(getCalls(CATEGORIES_PATH)).toBe(0);
  await user.click(screen.getByRole('tab', { name: 'Categories' }));
}
const itemOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('Admin categories tab', () => {
  it('lists the categories with their course counts when the tab is opened', async () => {
    serve(answer([DATA, EMPTY, WEB]));
    await openTab();
    expect(await screen.findByText('Categories (3)')).toBeInTheDocument();
    expect(within(itemOf('Web Development')).getByText('5 courses')).toBeInTheDocument();
    expect(within(itemOf('Data Science')).getByText('1 course')).toBeInTheDocument();
    expect(within(itemOf('Design')).getByText('0 courses')).toBeInTheDocument();
    expect(within(itemOf('Design')).getByRole('button', { name: 'Rename Design' })).toBeEnabled();
    expect(within(itemOf('Design')).getByRole('button', { name: 'Delete Design' })).toBeEnabled();
    // Plain markup with antd's look (#34: no antd in the tab's first screen; the rename dialog loads it).
    expect(screen.getByRole('heading', { name: 'Categories (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel').querySelector('[class*="ant-"]')).toBeNull();
  });

  it('shows a loading state until the categories arrive', async () => {
    const pending = deferred<unknown>();
    serve(() => pending.promise);
    await openTab();
    await screen.findByText('Loading categories...');
    await expectLoadingUntil(pending, 'Loading categories...', answer([WEB])(), 'Web Development');
  });

  it('shows an error with Try Again, which loads them again', async () => {
    const failing = failsUntilRecovered(serverError('Internal server error', 500), answer([WEB]));
    serve(failing.handler);
    await openTab();
    expect(await screen.findByText('Could not load the categories')).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByText('Web Development')).toBeInTheDocument();
    expect(screen.queryByText('Could not load the categories')).not.toBeInTheDocument();
  });

  it('says when there are no categories yet', async () => {
    serve(answer([]));
    await openTab();
    expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
  });

  it('adds a category by name, with the server message as a toast, and shows it', async () => {
    let list = [WEB];
    serve(() => answer(list)());
    mockPost({
      [ADD_PATH]: () => {
        list = [DATA, WEB];
        return { success: true, message: 'Category added', category: DATA };
      },
    });
    await openTab();
    await screen.findByText('Web Development');
    await user.type(screen.getByLabelText('New category name'), '  Data Science ');
    await user.click(button('Add Category'));
    await waitFor(() => expect(toastOf('success')).toEqual(['Category added']), { timeout: 5_000 });
    expect(await screen.findByText('Data Science')).toBeInTheDocument();
    expect(screen.getByLabelText('New category name')).toHaveValue('');
  });

  it('says why an add was refused (409: the name is in use), and keeps the name typed', async () => {
    serve(answer([WEB]));
    mockPost({
      [ADD_PATH]: () => {
        throw serverError('A category with this name already exists', 409);
      },
    });
    await openTab();
    await screen.findByText('Web Development');
    await user.type(screen.getByLabelText('New category name'), 'Web Development{Enter}');
    await waitFor(() => expect(toastOf('error')).toEqual(['A category with this name already exists']), {
      timeout: 5_000,
    });
    expect(screen.getByLabelText('New category name')).toHaveValue('Web Development');
  });

  it('renames a category in a dialog (PATCH), prefilled with its name', async () => {
    let list = [WEB];
    serve(() => answer(list)());
    apiSend.mockImplementation(async () => {
      list = [{ ...WEB, name: 'Web Dev' }];
      return { success: true, message: 'Category renamed' } as never;
    });
    await openTab();
    await screen.findByText('Web Development');
    await user.click(screen.getByRole('button', { name: 'Rename Web Development' }));
    const dialog = await findDialog('Rename category');
    const input = within(dialog).getByLabelText('Category name');
    expect(input).toHaveValue('Web Development');
    await user.clear(input);
    await user.type(input, 'Web Dev');
    await user.click(button('Save', dialog));
    expect(apiSend).toHaveBeenCalledWith('/api/admin/categories/web-development', {
      method: 'PATCH',
      body: { name: 'Web Dev' },
    });
    await waitFor(() => expect(toastOf('success')).toEqual(['Category renamed']), { timeout: 5_000 });
    expect(await screen.findByText('Web Dev')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Rename category')).not.toBeInTheDocument());
  });

  it('deletes a category after a confirmation (DELETE)', async () => {
    let list = [EMPTY, WEB];
    serve(() => answer(list)());
    apiSend.mockImplementation(async () => {
      list = [WEB];
      return { success: true, message: 'Category deleted' } as never;
    });
    await openTab();
    await screen.findByText('Design');
    await user.click(screen.getByRole('button', { name: 'Delete Design' }));
    const dialog = await findDialog(DELETE_CATEGORY_TEXT);
    await user.click(button('Delete', dialog));
    expect(apiSend).toHaveBeenCalledWith('/api/admin/categories/design', { method: 'DELETE' });
    await waitFor(() => expect(toastOf('success')).toEqual(['Category deleted']), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByText('Design')).not.toBeInTheDocument());
  });

  it('says why a delete was refused (409 while courses use it), and keeps the category', async () => {
    serve(answer([WEB]));
    apiSend.mockRejectedValue(serverError('5 courses are in this category', 409));
    await openTab();
    await screen.findByText('Web Development');
    await user.click(screen.getByRole('button', { name: 'Delete Web Development' }));
    await user.click(button('Delete', await findDialog(DELETE_CATEGORY_TEXT)));
    await waitFor(() => expect(toastOf('error')).toEqual(['5 courses are in this category']), { timeout: 5_000 });
    expect(screen.getByText('Web Development')).toBeInTheDocument();
  });

  it('does nothing when the deletion is cancelled', async () => {
    serve(answer([WEB]));
    await openTab();
    await screen.findByText('Web Development');
    await user.click(screen.getByRole('button', { name: 'Delete Web Development' }));
    await user.click(button('Cancel', await findDialog(DELETE_CATEGORY_TEXT)));
    expect(apiSend).not.toHaveBeenCalled();
  });
});
