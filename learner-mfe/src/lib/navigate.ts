/** Leaves the page for `url` (a signed download link: the browser saves the file and stays here). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
