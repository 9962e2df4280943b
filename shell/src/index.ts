// Starts what the page needs at once, then crosses the async boundary: shared singletons are
// negotiated before any of them is imported.
import './startup/early';

import('./bootstrap');
