// The host's shared libraries are eager (in this entry chunk), so there is no async boundary:
// start what the page needs at once, then render.
import './features/startup/api/early';
import './bootstrap';
