/** Goes to a download link (a signed file link: the page stays, the browser saves the file). */
export function followLink(url: string): void {
  window.location.assign(url);
}
