/**
 * The e-mails and text messages customers get, in English and Kiswahili (docs/architecture.md,
 * "i18n on the server"). One entry per id, ICU MessageFormat in both languages: `{name}` for a
 * value (amounts and dates come already formatted for the language, `kshIn` / `dateIn`), and
 * `{count, plural, one {…} other {…}}` where a number changes the words. The English is the
 * wording the shop always used; a test checks that every id has both languages.
 *
 * Kiswahili as Kenyan shoppers speak it: "oda" (order), "Lipa kwa M-Pesa", "Lipa ukipokea" (pay on
 * delivery), "rider", "waybill", "Asante kwa kununua".
 */
const CATALOG = {
  // --- the layout every e-mail shares
  'layout.buttonFallback': {
    en: 'If the button does not work, open this link:',
    sw: 'Kitufe kisipofanya kazi, fungua kiungo hiki:',
  },
  'layout.contactPhone': { en: 'Phone {phone} · WhatsApp {whatsapp}', sw: 'Simu {phone} · WhatsApp {whatsapp}' },
  'layout.contactHours': { en: 'Open {hours}', sw: 'Tuko wazi {hours}' },

  // --- order e-mails (to the customer)
  'order.hi': { en: 'Hi {name},', sw: 'Habari {name},' },
  'order.viewButton': { en: 'View your order', sw: 'Angalia oda yako' },
  'order.footnote': {
    en: 'You get this e-mail because you placed an order at {shop}.',
    sw: 'Umepokea barua pepe hii kwa sababu uliweka oda kwenye {shop}.',
  },
  'order.row.subtotal': { en: 'Subtotal', sw: 'Jumla ndogo' },
  'order.row.discounts': { en: 'Discounts', sw: 'Punguzo' },
  'order.row.delivery': { en: 'Delivery ({method})', sw: 'Usafirishaji ({method})' },
  'order.row.total': { en: 'Total', sw: 'Jumla' },
  'order.row.deliveryMethod': { en: 'Delivery', sw: 'Usafirishaji' },
  'order.row.pickupPoint': { en: 'Pickup point', sw: 'Mahali pa kuchukulia' },
  'order.row.openingHours': { en: 'Opening hours', sw: 'Saa za kufungua' },
  'order.row.heldFor': { en: 'Held for you', sw: 'Tunakuwekea' },
  'order.row.heldForDays': {
    en: '{days} days after it is ready',
    sw: 'siku {days} baada ya kuwa tayari',
  },
  'order.row.address': { en: 'Address', sw: 'Anwani' },
  'order.row.town': { en: 'Town', sw: 'Mji' },
  'order.row.townPickup': { en: '{town}, pickup at {office}', sw: '{town}, chukua kwenye {office}' },
  'order.row.estimated': { en: 'Estimated', sw: 'Muda unaokadiriwa' },
  'order.row.shippedWith': { en: 'Shipped with', sw: 'Imetumwa kupitia' },
  'order.row.waybill': { en: 'Waybill number', sw: 'Namba ya waybill' },
  'order.row.shopNote': { en: 'Note from the shop', sw: 'Ujumbe kutoka dukani' },

  'order.pod.rider': {
    en: 'Have {amount} ready for the rider (cash or M-Pesa).',
    sw: 'Kuwa na {amount} tayari kwa ajili ya rider (pesa taslimu au M-Pesa).',
  },
  'order.pod.pickup': {
    en: 'Pay {amount} at the pickup point when you collect your order (cash or M-Pesa).',
    sw: 'Lipa {amount} mahali pa kuchukulia unapochukua oda yako (pesa taslimu au M-Pesa).',
  },
  'order.pod.courier': {
    en: 'Have {amount} ready when you collect your parcel (cash or M-Pesa).',
    sw: 'Kuwa na {amount} tayari unapochukua mzigo wako (pesa taslimu au M-Pesa).',
  },

  'order.podConfirmed.subject': {
    en: 'Order #{id} confirmed: pay on delivery',
    sw: 'Oda #{id} imethibitishwa: Lipa ukipokea',
  },
  'order.podConfirmed.preheader': {
    en: 'Order #{id} is confirmed: pay on delivery.',
    sw: 'Oda #{id} imethibitishwa: Lipa ukipokea.',
  },
  'order.podConfirmed.heading': { en: 'Order #{id} is confirmed', sw: 'Oda #{id} imethibitishwa' },
  'order.podConfirmed.body': {
    en: 'Your order is confirmed and you pay on delivery. We are preparing it and keep its items for you until it reaches you.',
    sw: 'Oda yako imethibitishwa na utalipa ukipokea. Tunaitayarisha, na tunakuwekea bidhaa zake hadi zikufikie.',
  },

  'order.receipt.subject': { en: 'Receipt for order #{id}', sw: 'Risiti ya oda #{id}' },
  'order.receipt.preheader': {
    en: 'We received your payment for order #{id}.',
    sw: 'Tumepokea malipo yako ya oda #{id}.',
  },
  'order.receipt.heading': { en: 'Thank you, order #{id} is paid', sw: 'Asante kwa kununua! Oda #{id} imelipwa' },
  'order.receipt.body': {
    en: 'We received your payment of {amount}. We are now preparing your order and will tell you when it is on its way.',
    sw: 'Tumepokea malipo yako ya {amount}. Sasa tunatayarisha oda yako na tutakujulisha ikiwa njiani.',
  },

  'order.status.shipped': { en: 'Your order is on its way.', sw: 'Oda yako iko njiani.' },
  'order.status.delivered': {
    en: 'Your order was delivered. We hope you love it! You can now review the items you bought.',
    sw: 'Oda yako imekufikia. Tunatumaini utaipenda! Sasa unaweza kutoa maoni kuhusu bidhaa ulizonunua.',
  },
  'order.status.cancelled': {
    en: 'Your order was cancelled. If you already paid, we will refund you shortly.',
    sw: 'Oda yako imeghairiwa. Kama ulishalipa, tutakurejeshea pesa yako hivi karibuni.',
  },
  'order.status.processing': { en: 'We are preparing your order.', sw: 'Tunatayarisha oda yako.' },
  'order.status.other': { en: 'Your order is now {label}.', sw: 'Oda yako sasa iko katika hali ya: {label}.' },
  'order.status.shippedWith': {
    en: 'Your order is on its way: shipped with {carrier}.',
    sw: 'Oda yako iko njiani: imetumwa kupitia {carrier}.',
  },
  'order.status.shippedWithWaybill': {
    en: 'Your order is on its way: shipped with {carrier}, waybill {waybill}.',
    sw: 'Oda yako iko njiani: imetumwa kupitia {carrier}, namba ya waybill {waybill}.',
  },
  'order.status.subject': { en: 'Order #{id} is {label}', sw: 'Oda #{id}: {label}' },
  'order.status.preheader': { en: 'Order #{id} is now {label}.', sw: 'Oda #{id} sasa: {label}.' },
  'order.status.heading': { en: 'Order #{id}: {label}', sw: 'Oda #{id}: {label}' },

  'order.expired.subject': { en: 'Order #{id} expired', sw: 'Muda wa oda #{id} umeisha' },
  'order.expired.preheader': {
    en: 'Order #{id} was not paid in time.',
    sw: 'Oda #{id} haikulipwa kwa wakati.',
  },
  'order.expired.body1': {
    en: 'We held the items of your order for you, but the payment did not arrive in time, so the order was cancelled and the items went back on sale.',
    sw: 'Tulikuwekea bidhaa za oda yako, lakini malipo hayakufika kwa wakati, kwa hiyo oda imeghairiwa na bidhaa zimerudi sokoni.',
  },
  'order.expired.body2': {
    en: 'If you still want them, place a new order while they are available.',
    sw: 'Kama bado unazitaka, weka oda mpya zikiwa bado zinapatikana.',
  },
  'order.continueShopping': { en: 'Continue shopping', sw: 'Endelea kununua' },

  'order.refundDue.subject': { en: 'Refund for order #{id}', sw: 'Kurejeshewa pesa ya oda #{id}' },
  'order.refundDue.heading': {
    en: 'We will refund your payment for order #{id}',
    sw: 'Tutakurejeshea malipo yako ya oda #{id}',
  },
  'order.refundDue.body1': {
    en: 'Your payment of {amount} arrived after the reservation of order #{id} had expired, and some of its items have been sold since.',
    sw: 'Malipo yako ya {amount} yalifika baada ya muda wa kukuwekea oda #{id} kuisha, na baadhi ya bidhaa zake zimeshauzwa.',
  },
  'order.refundDue.body2': {
    en: 'We are sorry: the order stays cancelled and we will refund you shortly.',
    sw: 'Samahani: oda inabaki imeghairiwa na tutakurejeshea pesa yako hivi karibuni.',
  },

  'order.cancelDeclined.subject': {
    en: 'Order #{id}: cancellation request declined',
    sw: 'Oda #{id}: ombi la kughairi limekataliwa',
  },
  'order.cancelDeclined.heading': { en: 'Order #{id} was not cancelled', sw: 'Oda #{id} haijaghairiwa' },
  'order.cancelDeclined.body1': {
    en: 'We looked at your request to cancel this order and could not cancel it.',
    sw: 'Tumeangalia ombi lako la kughairi oda hii na hatukuweza kuighairi.',
  },
  'order.cancelDeclined.note': { en: 'Our note: {note}', sw: 'Ujumbe wetu: {note}' },
  'order.cancelDeclined.body2': {
    en: 'Reply to this e-mail if you have any questions.',
    sw: 'Jibu barua pepe hii kama una swali lolote.',
  },

  'order.refunded.subject': { en: 'Refund for order #{id}', sw: 'Pesa ya oda #{id} imerejeshwa' },
  'order.refunded.heading': {
    en: 'We refunded {amount} for order #{id}',
    sw: 'Tumekurejeshea {amount} kwa oda #{id}',
  },
  'order.refunded.body1': {
    en: 'We have sent {amount} back to you for order #{id}.',
    sw: 'Tumekutumia {amount} kwa ajili ya oda #{id}.',
  },
  'order.refunded.whole': {
    en: 'The whole payment has now been refunded.',
    sw: 'Malipo yote sasa yamerejeshwa.',
  },
  'order.refunded.part': {
    en: 'So far {refunded} of {total} has been refunded.',
    sw: 'Kufikia sasa {refunded} kati ya {total} zimerejeshwa.',
  },

  // --- account e-mails (no name in them: the address may not have proven whose it is)
  'account.hello': { en: 'Hello,', sw: 'Habari,' },
  'account.delete.subject': {
    en: 'Confirm deleting your {shop} account',
    sw: 'Thibitisha kufuta akaunti yako ya {shop}',
  },
  'account.delete.preheader': {
    en: 'Confirm that you want to delete your account.',
    sw: 'Thibitisha kwamba unataka kufuta akaunti yako.',
  },
  'account.delete.heading': { en: 'Delete your account?', sw: 'Ufute akaunti yako?' },
  'account.delete.body1': {
    en: 'Someone signed in to your {shop} account asked to delete it. Nothing is deleted until the button below is used.',
    sw: 'Mtu aliyeingia kwenye akaunti yako ya {shop} ameomba ifutwe. Hakuna kitakachofutwa hadi kitufe kilicho hapa chini kitumike.',
  },
  'account.delete.body2': {
    en: 'If it was you, confirm with the button. The link works once and expires in 60 minutes.',
    sw: 'Kama ni wewe, thibitisha kwa kitufe. Kiungo kinafanya kazi mara moja tu na kinaisha baada ya dakika 60.',
  },
  'account.delete.body3': {
    en: 'If it was not you, do not use the link: change your password and use "Sign out everywhere else" in My Account.',
    sw: 'Kama si wewe, usitumie kiungo: badilisha nenosiri lako na utumie "Sign out everywhere else" kwenye Akaunti Yangu.',
  },
  'account.delete.button': { en: 'Delete my account', sw: 'Futa akaunti yangu' },
  'account.delete.footnote': {
    en: 'You received this because a request to delete the {shop} account of this address was made.',
    sw: 'Umepokea ujumbe huu kwa sababu kuna ombi la kufuta akaunti ya {shop} ya anwani hii.',
  },
  'account.verify.subject': {
    en: 'Verify your e-mail address for {shop}',
    sw: 'Thibitisha anwani yako ya barua pepe kwa {shop}',
  },
  'account.verify.preheader': {
    en: 'Confirm your e-mail address to start ordering.',
    sw: 'Thibitisha anwani yako ya barua pepe ili uanze kuagiza.',
  },
  'account.verify.heading': { en: 'Verify your e-mail address', sw: 'Thibitisha anwani yako ya barua pepe' },
  'account.verify.body1': {
    en: 'Please confirm that {address} is your e-mail address. Once it is verified you can use it to sign in, and place and pay for orders.',
    sw: 'Tafadhali thibitisha kwamba {address} ni anwani yako ya barua pepe. Ikishathibitishwa, unaweza kuitumia kuingia, kuweka oda na kuzilipia.',
  },
  'account.verify.body2': {
    en: 'The link works once and expires in 24 hours.',
    sw: 'Kiungo kinafanya kazi mara moja tu na kinaisha baada ya saa 24.',
  },
  'account.verify.button': { en: 'Verify e-mail address', sw: 'Thibitisha barua pepe' },
  'account.verify.footnote': {
    en: 'You received this because an account at {shop} uses this address. If that was not you, ignore this message.',
    sw: 'Umepokea ujumbe huu kwa sababu akaunti kwenye {shop} inatumia anwani hii. Kama si wewe, puuza ujumbe huu.',
  },
  'account.reset.subject': { en: 'Reset your {shop} password', sw: 'Badilisha nenosiri lako la {shop}' },
  'account.reset.preheader': { en: 'A link to choose a new password.', sw: 'Kiungo cha kuchagua nenosiri jipya.' },
  'account.reset.heading': { en: 'Reset your password', sw: 'Badilisha nenosiri lako' },
  'account.reset.body1': {
    en: 'Someone (hopefully you) asked to reset the password of your account. Choose a new one with the button below.',
    sw: 'Mtu (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako. Chagua jipya kwa kitufe kilicho hapa chini.',
  },
  'account.reset.body2': {
    en: 'The link works once and expires in 60 minutes.',
    sw: 'Kiungo kinafanya kazi mara moja tu na kinaisha baada ya dakika 60.',
  },
  'account.reset.button': { en: 'Choose a new password', sw: 'Chagua nenosiri jipya' },
  'account.reset.footnote': {
    en: 'If you did not ask for this, ignore this message: your password stays as it is.',
    sw: 'Kama hukuomba hili, puuza ujumbe huu: nenosiri lako litabaki lilivyo.',
  },
  'account.change.subject': {
    en: 'Your {shop} e-mail address is being changed',
    sw: 'Anwani yako ya barua pepe ya {shop} inabadilishwa',
  },
  'account.change.preheader': {
    en: 'Someone asked to change the e-mail address of your account.',
    sw: 'Mtu ameomba kubadilisha anwani ya barua pepe ya akaunti yako.',
  },
  'account.change.heading': {
    en: 'Your e-mail address is being changed',
    sw: 'Anwani yako ya barua pepe inabadilishwa',
  },
  'account.change.body1': {
    en: 'Someone signed in to your {shop} account asked to change its e-mail address from {from} to {to}. The change happens once the link sent to the new address is followed.',
    sw: 'Mtu aliyeingia kwenye akaunti yako ya {shop} ameomba kubadilisha anwani yake ya barua pepe kutoka {from} kwenda {to}. Mabadiliko yatafanyika kiungo kilichotumwa kwa anwani mpya kikifunguliwa.',
  },
  'account.change.body2': {
    en: 'If that was you, there is nothing to do. If it was not, cancel the change with the button below: it keeps (or puts back) this address and signs your account out everywhere. Then choose a new password with "Forgot password".',
    sw: 'Kama ni wewe, huna la kufanya. Kama si wewe, sitisha mabadiliko kwa kitufe kilicho hapa chini: kitabakiza (au kurudisha) anwani hii na kutoa akaunti yako kila mahali ilipoingia. Kisha chagua nenosiri jipya kwa "Forgot password".',
  },
  'account.change.body3': {
    en: 'The link works once and for 14 days.',
    sw: 'Kiungo kinafanya kazi mara moja tu, kwa siku 14.',
  },
  'account.change.button': {
    en: 'Cancel the change and sign out everywhere',
    sw: 'Sitisha mabadiliko na utoke kila mahali',
  },
  'account.change.footnote': {
    en: 'You received this because this address belongs to an account at {shop}.',
    sw: 'Umepokea ujumbe huu kwa sababu anwani hii ni ya akaunti kwenye {shop}.',
  },

  // --- order statuses, as the e-mails name them
  'status.pending': { en: 'Pending', sw: 'Inasubiri malipo' },
  'status.processing': { en: 'Processing', sw: 'Inatayarishwa' },
  'status.shipped': { en: 'Shipped', sw: 'Imetumwa' },
  'status.delivered': { en: 'Delivered', sw: 'Imefika' },
  'status.cancelled': { en: 'Cancelled', sw: 'Imeghairiwa' },

  // --- order texts (SMS)
  'sms.orderPaid': {
    en: '{shop}: payment of {amount} received for order #{id}. We will text you when it ships. {link}',
    sw: '{shop}: tumepokea malipo ya {amount} kwa oda #{id}. Tutakutumia SMS ikitumwa. {link}',
  },
  'sms.orderShipped': {
    en: '{shop}: order #{id} is on its way to you. {link}',
    sw: '{shop}: oda #{id} iko njiani kukufikia. {link}',
  },
  'sms.orderShippedWith': {
    en: '{shop}: order #{id} is on its way to you with {carrier}. {link}',
    sw: '{shop}: oda #{id} iko njiani kukufikia kupitia {carrier}. {link}',
  },
  'sms.orderShippedWithWaybill': {
    en: '{shop}: order #{id} is on its way to you with {carrier}, waybill {waybill}. {link}',
    sw: '{shop}: oda #{id} iko njiani kukufikia kupitia {carrier}, namba ya waybill {waybill}. {link}',
  },
  'sms.orderDelivered': {
    en: '{shop}: order #{id} was delivered. Thank you for shopping with us! {link}',
    sw: '{shop}: oda #{id} imekufikia. Asante kwa kununua kwetu! {link}',
  },
  'sms.phoneCode': {
    en: '{code} is your {shop} verification code. It expires in {minutes} minutes. Never share it.',
    sw: '{code} ni msimbo wako wa uthibitisho wa {shop}. Unaisha baada ya dakika {minutes}. Usimpe mtu yeyote.',
  },
  'sms.manualOrderHi': { en: 'Hi {name}, ', sw: 'Habari {name}, ' },
  'sms.manualOrderPayLink': {
    en: '{hi}your order #{id} from {shop}: {amount}. Pay by M-Pesa or card: {url} (until {until}).',
    sw: '{hi}oda yako #{id} kutoka {shop}: {amount}. Lipa kwa M-Pesa au kadi: {url} (hadi {until}).',
  },
  'sms.manualOrderPaid': {
    en: '{hi}thank you for your order #{id} from {shop}: {amount}, paid.',
    sw: '{hi}asante kwa oda yako #{id} kutoka {shop}: {amount}, imelipwa.',
  },
  'sms.manualOrderClaim': {
    en: 'See your orders: set up your account here {url} (the link works once).',
    sw: 'Ona oda zako: fungua akaunti yako hapa {url} (kiungo kinafanya kazi mara moja tu).',
  },
  // --- price offers (Make an offer)
  'offer.accepted.subject': { en: 'Your offer on {product} is accepted', sw: 'Ofa yako ya {product} imekubaliwa' },
  'offer.accepted.sentence': {
    en: '{product} is reserved for you at {price} until {until}. It is in your cart: place your order before then to keep this price.',
    sw: '{product} imehifadhiwa kwa ajili yako kwa {price} hadi {until}. Iko kwenye kikapu chako: weka oda kabla ya muda huo ili upate bei hii.',
  },
  'offer.declined.subject': { en: 'Your offer on {product} was declined', sw: 'Ofa yako ya {product} imekataliwa' },
  'offer.declined.sentence': {
    en: 'The shop declined your offer of {price} on {product}.',
    sw: 'Duka limekataa ofa yako ya {price} kwa {product}.',
  },
  'offer.countered.subject': { en: 'A counter-offer on {product}', sw: 'Bei mpya kutoka dukani kwa {product}' },
  'offer.countered.sentence': {
    en: 'The shop countered your offer on {product} with {price}. Accept it, decline it or answer with your own price.',
    sw: 'Duka limejibu ofa yako ya {product} kwa bei ya {price}. Ikubali, ikatae au jibu kwa bei yako.',
  },
  'offer.holdEnded.subject': {
    en: 'Your reserved price for {product} has ended',
    sw: 'Bei uliyohifadhiwa ya {product} imeisha',
  },
  'offer.holdEnded.sentence': {
    en: 'Your reserved price for {product} has ended because no order was placed in time. The item is on sale again at its usual price.',
    sw: 'Bei uliyohifadhiwa ya {product} imeisha kwa sababu oda haikuwekwa kwa wakati. Bidhaa inauzwa tena kwa bei yake ya kawaida.',
  },
  'offer.mail.note': { en: 'The shop’s note: “{note}”', sw: 'Ujumbe wa duka: “{note}”' },
  'offer.mail.button': { en: 'See your offers', sw: 'Angalia ofa zako' },
  'offer.mail.footnote': {
    en: 'You get this e-mail because you made an offer at {shop}.',
    sw: 'Umepokea barua pepe hii kwa sababu ulitoa ofa kwenye {shop}.',
  },
  // --- returns (to the customer)
  'return.requested.subject': { en: 'Return request for order #{id}', sw: 'Ombi la kurudisha bidhaa za oda #{id}' },
  'return.requested.heading': { en: 'We received your return request', sw: 'Tumepokea ombi lako la kurudisha' },
  'return.requested.body': {
    en: 'We will look at your request to return these items of order #{id} and answer by e-mail.',
    sw: 'Tutaangalia ombi lako la kurudisha bidhaa hizi za oda #{id} na kukujibu kwa barua pepe.',
  },
  'return.approved.subject': { en: 'Return approved: order #{id}', sw: 'Kurudisha kumekubaliwa: oda #{id}' },
  'return.approved.heading': { en: 'Your return is approved', sw: 'Ombi lako la kurudisha limekubaliwa' },
  'return.approved.body': {
    en: 'Please send or bring the items back to the shop. We refund you once they are back with us.',
    sw: 'Tafadhali tuma au lete bidhaa dukani. Tutakurejeshea pesa zikishatufikia.',
  },
  'return.declined.subject': { en: 'Return declined: order #{id}', sw: 'Kurudisha kumekataliwa: oda #{id}' },
  'return.declined.heading': {
    en: 'We could not accept your return',
    sw: 'Hatukuweza kukubali ombi lako la kurudisha',
  },
  'return.declined.body': {
    en: 'We looked at your request to return items of order #{id} and could not accept it.',
    sw: 'Tumeangalia ombi lako la kurudisha bidhaa za oda #{id} na hatukuweza kulikubali.',
  },
  'return.received.subject': {
    en: 'Return received: order #{id}',
    sw: 'Bidhaa zilizorudishwa zimepokelewa: oda #{id}',
  },
  'return.received.heading': {
    en: 'Your returned items are back with us',
    sw: 'Bidhaa ulizorudisha zimetufikia',
  },
  'return.received.customer': {
    en: 'We received the items you returned. We will record your refund shortly and e-mail you when it is sent.',
    sw: 'Tumepokea bidhaa ulizorudisha. Tutashughulikia pesa yako hivi karibuni na kukutumia barua pepe ikishatumwa.',
  },
  'return.received.parcel': {
    en: 'The parcel of order #{id} is back with us.',
    sw: 'Mzigo wa oda #{id} umerudi kwetu.',
  },
  // --- wishlist and cart alerts
  'alert.priceDrop.subjectOne': {
    en: 'Price drop: {product} is now {price}',
    sw: 'Bei imeshuka: {product} sasa ni {price}',
  },
  'alert.priceDrop.subjectMany': {
    en: 'Price drop on {count} items in your wishlist',
    sw: 'Bei imeshuka kwa bidhaa {count} kwenye orodha yako ya vipendwa',
  },
  'alert.priceDrop.heading': {
    en: '{count, plural, one {An item you wished for costs less} other {Items you wished for cost less}}',
    sw: '{count, plural, one {Bidhaa uliyoipenda sasa ni nafuu zaidi} other {Bidhaa ulizozipenda sasa ni nafuu zaidi}}',
  },
  'alert.priceDrop.line': { en: '{product}: now {price} (was {was}).', sw: '{product}: sasa {price} (awali {was}).' },
  'alert.priceDrop.button': { en: 'See your wishlist', sw: 'Angalia orodha yako ya vipendwa' },
  'alert.oneOfAKind': {
    en: 'Every item is one of a kind: first come, first served.',
    sw: 'Kila bidhaa ni moja tu: atakayewahi ndiye atakayepata.',
  },
  'alert.itemWhy': {
    en: 'You get this e-mail because you asked {shop} to tell you about items in your wishlist and cart.',
    sw: 'Umepokea barua pepe hii kwa sababu uliomba {shop} ikujulishe kuhusu bidhaa zilizo kwenye orodha yako ya vipendwa na kikapu.',
  },
  'alert.backOnSale.subjectOne': { en: 'Back on sale: {product}', sw: 'Inauzwa tena: {product}' },
  'alert.backOnSale.subjectMany': {
    en: '{count} items you wanted are back on sale',
    sw: 'Bidhaa {count} ulizotaka zinauzwa tena',
  },
  'alert.backOnSale.heading': {
    en: '{count, plural, one {An item you wanted is back} other {Items you wanted are back}}',
    sw: '{count, plural, one {Bidhaa uliyotaka imerudi} other {Bidhaa ulizotaka zimerudi}}',
  },
  'alert.backOnSale.body': {
    en: '{count, plural, one {It was held for another order that did not go through, and is on sale again.} other {They were held for another order that did not go through, and are on sale again.}} Every item is one of a kind: first come, first served.',
    sw: '{count, plural, one {Ilikuwa imeshikiliwa kwa oda nyingine ambayo haikukamilika, na sasa inauzwa tena.} other {Zilikuwa zimeshikiliwa kwa oda nyingine ambayo haikukamilika, na sasa zinauzwa tena.}} Kila bidhaa ni moja tu: atakayewahi ndiye atakayepata.',
  },
  'alert.backOnSale.buttonOne': { en: 'See the item', sw: 'Angalia bidhaa' },
  'alert.backOnSale.buttonMany': { en: 'See your cart', sw: 'Angalia kikapu chako' },
  'alert.cart.subject': {
    en: 'Still thinking it over? Your cart at {shop} is waiting',
    sw: 'Bado unafikiria? Kikapu chako kwenye {shop} kinakusubiri',
  },
  'alert.cart.heading': { en: 'Your cart is waiting', sw: 'Kikapu chako kinakusubiri' },
  'alert.cart.body': {
    en: '{count, plural, one {This item is still in your cart and still available. Every item is one of a kind: someone else may buy it first.} other {These # items are still in your cart and still available. Every item is one of a kind: someone else may buy them first.}}',
    sw: '{count, plural, one {Bidhaa hii bado iko kwenye kikapu chako na bado inapatikana. Kila bidhaa ni moja tu: mtu mwingine anaweza kuinunua kabla yako.} other {Bidhaa hizi # bado ziko kwenye kikapu chako na bado zinapatikana. Kila bidhaa ni moja tu: mtu mwingine anaweza kuzinunua kabla yako.}}',
  },
  'alert.cart.button': { en: 'Go to your cart', sw: 'Nenda kwenye kikapu chako' },
  'alert.cart.why': {
    en: 'You get this e-mail because you asked {shop} for a reminder about a cart you leave.',
    sw: 'Umepokea barua pepe hii kwa sababu uliomba {shop} ikukumbushe kuhusu kikapu unachoacha.',
  },
  'alert.unsubscribeCart': { en: 'Unsubscribe from cart reminders', sw: 'Acha kupokea vikumbusho vya kikapu' },
  'alert.unsubscribeWishlist': {
    en: 'Unsubscribe from wishlist and cart alerts',
    sw: 'Acha kupokea taarifa za orodha ya vipendwa na kikapu',
  },
  // --- saved-search alerts
  'savedSearch.subjectOne': {
    en: 'New in your saved search: {product}',
    sw: 'Mpya kwenye utafutaji wako uliohifadhi: {product}',
  },
  'savedSearch.subjectMany': {
    en: '{count} new items match your saved searches',
    sw: 'Bidhaa {count} mpya zinalingana na utafutaji wako uliohifadhi',
  },
  'savedSearch.heading': {
    en: '{count, plural, one {A new item matches your saved search} other {New items match your saved searches}}',
    sw: '{count, plural, one {Bidhaa mpya inalingana na utafutaji wako uliohifadhi} other {Bidhaa mpya zinalingana na utafutaji wako uliohifadhi}}',
  },
  'savedSearch.body': {
    en: 'Hi {name}, this just went on sale at {shop}. One-off pieces go fast.',
    sw: 'Habari {name}, hii imeanza kuuzwa sasa hivi kwenye {shop}. Bidhaa za kipekee huisha haraka.',
  },
  'savedSearch.button': { en: 'Manage saved searches', sw: 'Simamia utafutaji uliohifadhi' },
  'savedSearch.footnote': {
    en: 'You get this e-mail because you saved a search. Delete the search to stop these alerts.',
    sw: 'Umepokea barua pepe hii kwa sababu ulihifadhi utafutaji. Futa utafutaji huo ili uache kupokea taarifa hizi.',
  },
  // --- new-arrival drops and the newsletter
  'drop.subjectOne': { en: 'New in at {shop}: {product}', sw: 'Mpya kwenye {shop}: {product}' },
  'drop.subjectMany': { en: 'New in at {shop}: {count} fresh pieces', sw: 'Mpya kwenye {shop}: bidhaa {count} mpya' },
  'drop.preheader': {
    en: '{count, plural, one {# new piece just went on sale} other {# new pieces just went on sale}}',
    sw: '{count, plural, one {Bidhaa # mpya imeanza kuuzwa} other {Bidhaa # mpya zimeanza kuuzwa}}',
  },
  'drop.heading': { en: 'New arrivals are in', sw: 'Bidhaa mpya zimefika' },
  'drop.body': {
    en: '{count, plural, one {A new piece is} other {# new pieces are}} on sale now. Every item is one of a kind: first come, first served.',
    sw: '{count, plural, one {Bidhaa mpya inauzwa} other {Bidhaa # mpya zinauzwa}} sasa. Kila bidhaa ni moja tu: atakayewahi ndiye atakayepata.',
  },
  'drop.button': { en: 'See everything new', sw: 'Angalia vyote vipya' },
  'drop.footnote': {
    en: 'You get this e-mail because you signed up for new arrivals at {shop}.',
    sw: 'Umepokea barua pepe hii kwa sababu ulijiandikisha kupokea taarifa za bidhaa mpya kwenye {shop}.',
  },
  'drop.unsubscribe': { en: 'Unsubscribe from new-arrival e-mails', sw: 'Acha kupokea barua pepe za bidhaa mpya' },
  'newsletter.subject': {
    en: 'Confirm your {shop} newsletter subscription',
    sw: 'Thibitisha kujiunga na jarida la {shop}',
  },
  'newsletter.preheader': {
    en: 'Confirm your newsletter subscription.',
    sw: 'Thibitisha kujiunga na jarida letu.',
  },
  'newsletter.heading': { en: 'Confirm your subscription', sw: 'Thibitisha kujiunga' },
  'newsletter.body1': {
    en: "Someone asked to send {shop}'s newsletter (new arrivals and drops) to {email}. It starts only once you confirm.",
    sw: 'Mtu ameomba jarida la {shop} (bidhaa mpya na matoleo) litumwe kwa {email}. Litaanza kutumwa ukishathibitisha tu.',
  },
  'newsletter.body2': {
    en: 'The link works once and expires in {days} days.',
    sw: 'Kiungo kinafanya kazi mara moja tu na kinaisha baada ya siku {days}.',
  },
  'newsletter.button': { en: 'Confirm my subscription', sw: 'Thibitisha kujiunga' },
  'newsletter.footnote': {
    en: 'If you did not ask for this, ignore this message: you will not be subscribed.',
    sw: 'Kama hukuomba hili, puuza ujumbe huu: hutaandikishwa.',
  },
} as const satisfies Record<string, { en: string; sw: string }>;

export type MessageId = keyof typeof CATALOG;

export const MESSAGE_IDS = Object.keys(CATALOG) as MessageId[];
export const MESSAGES_EN: Record<string, string> = Object.fromEntries(MESSAGE_IDS.map((id) => [id, CATALOG[id].en]));
export const MESSAGES_SW: Record<string, string> = Object.fromEntries(MESSAGE_IDS.map((id) => [id, CATALOG[id].sw]));
