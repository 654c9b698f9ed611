// Checkout (wk/kasse → wk/submit), one concern per file: methods.ts (shipping/payment methods, helpers),
// state.ts (the basket state and its checks), addresses.ts, benefit.ts (benefit codes), compute.ts (the
// computed checkout), submit.ts (placing the order), mail.ts (order mails), routes.ts (the calls).
//
// The basket state of spec section 3 kept per customer in
// checkout_state (delivery address, shipping method, desired date, comment, payment method,
// benefit code, freeway return ticket), delivery addresses, and the order submission.
//
// Choices where the spec is silent:
// - Prices are net; the shop currency follows the request's country (the page's, else the session's:
//   server/http/app.ts requestCountry; prices stored in EUR are converted). Money rules (benefit
//   minimum order, freeway 170 EUR, free shipping, release limit) compare EUR. The summary (lines, discounts, shipping, net, VAT, gross) comes from the one pricing
//   function in server/lib/money.ts; the order keeps it (summary_json) and mail, order details and
//   documents show it. Method and article names follow the call's language (?lang=).
// - Shipping: standard 6.90 EUR (free from 150 EUR goods value after discounts), express 14.90 EUR,
//   abholung (collection) free. Payment: rechnung, lastschrift, vorkasse.
// - The freeway value (and the free-shipping threshold) is the goods value after promotion and benefit
//   discounts, without shipping; a benefit code's minimum order compares the goods before discounts.
// - Dates use the server's local calendar (deploy with TZ=Europe/Berlin): desired date not in the
//   past, not a Sunday, at most 365 days ahead; the freeway month is the local calendar month.
// - One benefit code at a time. A single-use code counts once per customer (benefit_redemptions).
//   A code that is not removable can neither be removed nor replaced by another code.
// - Release (spec section 6: K07 releases orders): an order placed by a sub-user without the 'release'
//   right (K09 buyer) whose net value exceeds the account's threshold (default 5,000 EUR) or the
//   buyer's remaining monthly budget (server/lib/release-rules.ts) waits with release_status 'pending'
//   (status 'release_pending') until the main user or a K07 sub-user calls
//   POST /api/orders/{auftrag}/release. All other orders are 'released' at once.
// - Submit needs an Idempotency-Key (header, or `key` in the body): the same key answers the same
//   order (replayed: true); the unique index orders(kdnr, idempotency_key) settles races.
export { routes } from './routes.ts';
