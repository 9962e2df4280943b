const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const rupees = (paise: number) => `Rs ${(paise / 100).toFixed(2)}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Courseport Checkout</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.08);padding:32px;width:min(420px,calc(100vw - 32px));box-sizing:border-box}
h1{font-size:20px;margin:0 0 4px}.muted{color:#64748b;font-size:14px;margin:0 0 24px}
.row{display:flex;justify-content:space-between;align-items:baseline;border-top:1px solid #e2e8f0;padding:16px 0}
.amount{font-size:28px;font-weight:700}button,.link{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;padding:12px;font-size:16px;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#2563eb;color:#fff;margin-bottom:8px}.cancel{background:#e2e8f0;color:#0f172a}.badge{font-size:12px;color:#2563eb;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: { _id: string; courseTitle: string; amount: number }): string {
  const id = escapeHtml(session._id);
  return layout(
    'Pay',
    `<p class="badge">Courseport Checkout · test mode</p>
<h1>${escapeHtml(session.courseTitle)}</h1><p class="muted">Lifetime access to the course</p>
<div class="row"><span>Total</span><span class="amount">${rupees(session.amount)}</span></div>
<form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">Pay ${rupees(session.amount)}</button></form>
<form method="post" action="/checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
  );
}

export function checkoutMessage(title: string, text: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<p class="badge">Courseport Checkout</p><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>${
      link ? `<a class="link pay" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
    }`,
  );
}
