/**
 * Kiswahili for every message the server sends in an error reply (docs/architecture.md, "i18n on
 * the server"). The key is the English message exactly as the API sends it, with `{0}`, `{1}` (or
 * a name) where a value goes; the value is an ICU MessageFormat message using the same
 * placeholders. The coverage test (`i18n/error-catalog.test.ts`) reads every message the server can
 * send from the source and fails when one has no entry here.
 *
 * Written for Kenyan shoppers: "oda" (order), "kikapu" (cart), "Lipa ukipokea" (pay on delivery),
 * "rider" and "courier" as they are said.
 */
export const ERRORS_SW: Record<string, string> = {
  '"{0}" is out of stock.': '"{0}" imeisha.',
  'A code was just sent. You can ask for another in {0} seconds.':
    'Msimbo umetumwa sasa hivi. Unaweza kuomba mwingine baada ya sekunde {0}.',
  'A discount code with that name already exists.': 'Tayari kuna msimbo wa punguzo wenye jina hilo.',
  'A percentage must be a whole number from 1 to 100.': 'Asilimia lazima iwe namba kamili kuanzia 1 hadi 100.',
  'A pickup point needs its address.': 'Mahali pa kuchukulia panahitaji anwani yake.',
  'A return may have at most 3 photos.': 'Bidhaa inayorudishwa inaweza kuwa na picha 3 tu.',
  'A zone fee is too large.': 'Ada ya eneo ni kubwa mno.',
  'A zone fee may not be negative.': 'Ada ya eneo haiwezi kuwa chini ya sifuri.',
  'A zone name may have at most 80 characters.': 'Jina la eneo linaweza kuwa na herufi 80 tu.',
  'Address not found.': 'Anwani haikupatikana.',
  'An item you chose is already in a return.': 'Bidhaa uliyochagua tayari iko kwenye ombi la kurudisha.',
  'An item you chose was already received.': 'Bidhaa uliyochagua tayari imepokelewa.',
  'An order may have at most {0} lines.': 'Oda inaweza kuwa na mistari {0} tu.',
  'Another delivery method already has this name.': 'Njia nyingine ya usafirishaji tayari ina jina hili.',
  'At most 30 zones.': 'Maeneo 30 tu yanaruhusiwa.',
  'At most 50 categories.': 'Kategoria 50 tu zinaruhusiwa.',
  'At most {0} can be refunded for this return.': 'Kiasi cha juu kinachoweza kurejeshwa kwa marejesho haya ni {0}.',
  'Cannot change status from {from} to {to}.': 'Hali haiwezi kubadilishwa kutoka {from} kwenda {to}.',
  'Cart item not found.': 'Bidhaa hii haiko kwenye kikapu chako.',
  'Category #{0} does not exist.': 'Kategoria #{0} haipo.',
  'Category not found.': 'Kategoria haikupatikana.',
  'Choose CBD Delivery or Paid custom delivery.': 'Chagua CBD Delivery au Paid custom delivery.',
  'Choose M-Pesa, card or cash.': 'Chagua M-Pesa, kadi au pesa taslimu.',
  'Choose M-Pesa, cash, card or bank.': 'Chagua M-Pesa, pesa taslimu, kadi au benki.',
  'Choose a CSV file to import.': 'Chagua faili la CSV la kuleta.',
  'Choose a category, a size, a highest price or some words to search for.':
    'Chagua kategoria, saizi, bei ya juu kabisa au maneno ya kutafuta.',
  'Choose a customer (not a staff account).': 'Chagua mteja (si akaunti ya mfanyakazi).',
  'Choose a reason from the list.': 'Chagua sababu kutoka kwenye orodha.',
  'Choose a return status.': 'Chagua hali ya marejesho.',
  'Choose approve or decline.': 'Chagua kukubali au kukataa.',
  'Choose at least one item to return.': 'Chagua angalau bidhaa moja ya kurudisha.',
  'Choose at least one item.': 'Chagua angalau bidhaa moja.',
  'Choose back on sale or write off.': 'Chagua irudi sokoni au iondolewe kwenye hesabu.',
  'Choose items of this order.': 'Chagua bidhaa za oda hii.',
  'Choose percent or fixed.': 'Chagua asilimia au kiasi kamili.',
  'Choose pickup, doorstep or courier.': 'Chagua kuchukua mwenyewe, kuletewa mlangoni au kwa courier.',
  'Choose refused or failed delivery.': 'Chagua imekataliwa au uletaji umeshindikana.',
  'Choose the area you are in.': 'Chagua eneo ulipo.',
  'Choose the customer.': 'Chagua mteja.',
  'Choose the items to return.': 'Chagua bidhaa za kurudisha.',
  'Choose up to 3 photos (image files).': 'Chagua hadi picha 3 (faili za picha).',
  'Choose when the item goes on sale.': 'Chagua lini bidhaa itaanza kuuzwa.',
  'Choose where the sale was made: WhatsApp, phone, live or in the shop.':
    'Chagua mauzo yalipofanyika: WhatsApp, simu, live au dukani.',
  'Choose why the item is written off.': 'Chagua kwa nini bidhaa inaondolewa kwenye hesabu.',
  'Delivery method not found.': 'Njia ya usafirishaji haikupatikana.',
  'Discount code not found.': 'Msimbo wa punguzo haukupatikana.',
  'Each image must be {0} MB or smaller.': 'Kila picha lazima iwe MB {0} au chini.',
  'Each photo may be at most 5 MB.': 'Kila picha inaweza kuwa MB 5 tu.',
  'Each zone needs a name.': 'Kila eneo linahitaji jina.',
  'Enter a Kenyan M-Pesa number, such as 0712 345 678 or +254 712 345 678.':
    'Weka namba ya M-Pesa ya Kenya, kama 0712 345 678 au +254 712 345 678.',
  'Enter a Kenyan mobile number, such as 0712 345 678.': 'Weka namba ya simu ya Kenya, kama 0712 345 678.',
  'Enter a Kenyan phone number (0712 345 678) or a whole e-mail address.':
    'Weka namba ya simu ya Kenya (0712 345 678) au anwani kamili ya barua pepe.',
  'Enter a Kenyan phone number such as 0712 345 678.': 'Weka namba ya simu ya Kenya kama 0712 345 678.',
  'Enter a phone number or an e-mail address.': 'Weka namba ya simu au anwani ya barua pepe.',
  'Enter a valid Kenyan mobile number, such as 0712 345 678 or +254 712 345 678.':
    'Weka namba sahihi ya simu ya Kenya, kama 0712 345 678 au +254 712 345 678.',
  'Enter the 6-digit code from the text message.': 'Weka msimbo wa tarakimu 6 kutoka kwenye SMS.',
  'Enter the M-Pesa phone number.': 'Weka namba ya simu ya M-Pesa.',
  'Enter the code from the text message.': 'Weka msimbo kutoka kwenye SMS.',
  'Enter the counter price in Ksh.': 'Weka bei yako mpya kwa Ksh.',
  "Enter the courier's pickup office in that town.": 'Weka ofisi ya courier ya kuchukulia mzigo katika mji huo.',
  "Enter the customer's phone number, such as 0712 345 678.": 'Weka namba ya simu ya mteja, kama 0712 345 678.',
  'Enter the customer’s phone number (an e-mail address is optional).':
    'Weka namba ya simu ya mteja (barua pepe si lazima).',
  'Enter the delivery address: street, building and house or door number.':
    'Weka anwani ya kuletewa: barabara, jengo na namba ya nyumba au mlango.',
  'Enter the payment reference, e.g. the M-Pesa code.': 'Weka kumbukumbu ya malipo, k.m. msimbo wa M-Pesa.',
  'Enter the rider or courier who takes the parcel.': 'Weka rider au courier anayebeba mzigo.',
  'Enter the town you want the parcel sent to.': 'Weka mji unaotaka mzigo utumwe.',
  'Enter the waybill or tracking number: this order goes by courier.':
    'Weka namba ya waybill au ya kufuatilia: oda hii inatumwa kwa courier.',
  'Enter your phone number.': 'Weka namba yako ya simu.',
  'Enter your price in Ksh.': 'Weka bei yako kwa Ksh.',
  'Forbidden.': 'Huna ruhusa.',
  'Give both the from and to dates.': 'Weka tarehe ya kuanzia na ya mwisho.',
  'Give either a range or from and to dates, not both.':
    'Weka kipindi au tarehe ya kuanzia na ya mwisho, si vyote viwili.',
  'Google sign-in is not configured.': 'Kuingia kwa Google hakujawekwa.',
  'Hold days must be at least 1.': 'Siku za kuhifadhi lazima ziwe angalau 1.',
  'Invalid credentials': 'Barua pepe au nenosiri si sahihi',
  'Invalid discount code': 'Msimbo wa punguzo si sahihi',
  'Invalid or expired reset link.': 'Kiungo cha kubadilisha nenosiri si sahihi au kimeisha muda.',
  'No more counter-offers on this one: accept or decline the last price.':
    'Hakuna bei mpya zaidi kwa bidhaa hii: kubali au kataa bei ya mwisho.',
  'Not enough stock for {0}': 'Hakuna bidhaa za kutosha za {0}',
  'Not found.': 'Haikupatikana.',
  'Nothing was paid for this order: there is nothing to refund.':
    'Hakuna kilicholipwa kwa oda hii: hakuna cha kurejesha.',
  'Offer not found.': 'Ofa haikupatikana.',
  'One of the images could not be read. Please try another file.':
    'Picha mojawapo haikuweza kusomwa. Tafadhali jaribu faili lingine.',
  'Only a delivered order can be returned.': 'Ni oda iliyofika tu inayoweza kurudishwa.',
  'Only image files are allowed.': 'Faili za picha tu zinaruhusiwa.',
  'Only pending or processing orders can be cancelled.':
    'Ni oda zinazosubiri au zinazotayarishwa tu zinazoweza kughairiwa.',
  'Order not found.': 'Oda haikupatikana.',
  'Payment not found.': 'Malipo hayakupatikana.',
  'Photos can be added while the return waits for the shop’s answer.':
    'Unaweza kuongeza picha wakati ombi la kurudisha linasubiri jibu la duka.',
  'Pick at least one item.': 'Chagua angalau bidhaa moja.',
  'Please select at least one category.': 'Tafadhali chagua angalau kategoria moja.',
  'Please verify your email address first.': 'Tafadhali thibitisha anwani yako ya barua pepe kwanza.',
  'Product #{0} is no longer available. Please remove it from your cart.':
    'Bidhaa #{0} haipatikani tena. Tafadhali iondoe kwenye kikapu chako.',
  'Product #{0} is not for sale.': 'Bidhaa #{0} haiuzwi.',
  'Product already in wishlist': 'Bidhaa hii tayari iko kwenye orodha yako ya vipendwa',
  'Product not found.': 'Bidhaa haikupatikana.',
  'Receive every item of the return before refunding it.': 'Pokea kila bidhaa ya marejesho kabla ya kurejesha pesa.',
  'Record the payment the rider collected (cash or M-Pesa) before marking this order delivered.':
    'Rekodi malipo ambayo rider alipokea (pesa taslimu au M-Pesa) kabla ya kuweka oda hii kuwa imefika.',
  'Return not found.': 'Ombi la kurudisha halikupatikana.',
  'Returns are accepted within {0} days of delivery; this order is outside that window.':
    'Bidhaa hurudishwa ndani ya siku {0} baada ya kufika; oda hii imepita muda huo.',
  'Review not found.': 'Maoni hayakupatikana.',
  'Saved search not found.': 'Utafutaji uliohifadhiwa haukupatikana.',
  'Say why the discount is given.': 'Eleza kwa nini punguzo limetolewa.',
  'Send at most {0} photos with one import.': 'Tuma picha {0} tu kwa mara moja.',
  'Send one CSV file at a time.': 'Tuma faili moja la CSV kwa wakati mmoja.',
  'Send the CSV file first, then the photos.': 'Tuma faili la CSV kwanza, kisha picha.',
  'Session not found.': 'Kipindi hiki cha kuingia hakikupatikana.',
  'Sorry, that is too low for this item. The shop considers offers from Ksh {0}.':
    'Samahani, bei hiyo ni ya chini mno kwa bidhaa hii. Duka linapokea ofa kuanzia Ksh {0}.',
  'Sorry, this item has just been reserved for someone else.':
    'Samahani, bidhaa hii imehifadhiwa kwa mtu mwingine sasa hivi.',
  'Stock changed while you were editing: now {0}': 'Idadi ya bidhaa ilibadilika ulipokuwa ukihariri: sasa ni {0}',
  'Text messages are not set up in this shop.': 'Duka hili halijaweka huduma ya SMS.',
  'That code has expired or was tried too often. Ask for a new code.':
    'Msimbo huo umeisha muda au umejaribiwa mara nyingi mno. Omba msimbo mpya.',
  'That code is not right. Check the text message and try again.': 'Msimbo huo si sahihi. Angalia SMS na ujaribu tena.',
  'That code is the shop’s own.': 'Msimbo huo ni wa duka lenyewe.',
  'That is too long for a phone number or an e-mail address.':
    'Hiyo ni ndefu mno kwa namba ya simu au anwani ya barua pepe.',
  'The _method field must be PUT.': 'Sehemu ya _method lazima iwe PUT.',
  'The address field is required.': 'Anwani inahitajika.',
  'The address may have at most 200 characters.': 'Anwani inaweza kuwa na herufi 200 tu.',
  'The amount must be a number.': 'Kiasi lazima kiwe namba.',
  'The amount must be more than 0.': 'Kiasi lazima kiwe zaidi ya 0.',
  'The amount or currency does not match the payment.': 'Kiasi au sarafu hailingani na malipo.',
  'The carrier may have at most 80 characters.': 'Jina la msafirishaji linaweza kuwa na herufi 80 tu.',
  'The categories must be a list of ids.': 'Kategoria lazima ziwe orodha ya namba za utambulisho.',
  'The category "{0}" was just created by someone else. Please import again.':
    'Kategoria "{0}" imeundwa sasa hivi na mtu mwingine. Tafadhali leta tena.',
  'The category must be a category id.': 'Kategoria lazima iwe namba ya utambulisho ya kategoria.',
  'The code field is required.': 'Msimbo unahitajika.',
  'The code may have at most 30 characters.': 'Msimbo unaweza kuwa na herufi 30 tu.',
  'The code may use only letters, digits, - and _.': 'Msimbo unaweza kuwa na herufi, tarakimu, - na _ tu.',
  'The code must have at least 3 characters.': 'Msimbo lazima uwe na angalau herufi 3.',
  'The code {0} does not apply to the items in your cart.': 'Msimbo {0} hauhusu bidhaa zilizo kwenye kikapu chako.',
  'The code {0} expired on {1}.': 'Msimbo {0} uliisha tarehe {1}.',
  'The code {0} has been used up.': 'Msimbo {0} umetumika kikamilifu.',
  'The code {0} is only for your first order.': 'Msimbo {0} ni wa oda yako ya kwanza tu.',
  'The code {0} needs items worth at least Ksh {1}.': 'Msimbo {0} unahitaji bidhaa za thamani ya angalau Ksh {1}.',
  'The code {0} starts on {1}.': 'Msimbo {0} unaanza kutumika tarehe {1}.',
  'The compare-at price must be a number.': 'Bei ya kulinganisha lazima iwe namba.',
  'The condition must be one of: {0}.': 'Hali ya bidhaa lazima iwe mojawapo ya: {0}.',
  'The counter must be above the customer’s offer.': 'Bei mpya lazima iwe juu ya ofa ya mteja.',
  'The counter must be below the item’s price.': 'Bei mpya lazima iwe chini ya bei ya bidhaa.',
  'The current password field is required to change your e-mail address.':
    'Nenosiri lako la sasa linahitajika ili kubadilisha anwani ya barua pepe.',
  'The current password field is required to set a new password.':
    'Nenosiri lako la sasa linahitajika ili kuweka nenosiri jipya.',
  'The current password is incorrect.': 'Nenosiri la sasa si sahihi.',
  'The delivery method is invalid.': 'Njia ya usafirishaji si sahihi.',
  'The delivery method must be a number.': 'Njia ya usafirishaji lazima iwe namba.',
  'The description may not be greater than {0} characters.': 'Maelezo hayawezi kuzidi herufi {0}.',
  'The description must be text.': 'Maelezo lazima yawe maandishi.',
  'The discount may not be more than the subtotal ({0}).': 'Punguzo haliwezi kuzidi jumla ndogo ({0}).',
  'The email field is required.': 'Barua pepe inahitajika.',
  'The email field must be a valid email address.': 'Weka anwani sahihi ya barua pepe.',
  'The email field must not be greater than 255 characters.': 'Barua pepe haiwezi kuzidi herufi 255.',
  'The email has already been taken.': 'Barua pepe hii tayari inatumika.',
  'The email is too long.': 'Barua pepe ni ndefu mno.',
  'The email may not be greater than 254 characters.': 'Barua pepe haiwezi kuzidi herufi 254.',
  'The email must be a valid email address.': 'Weka anwani sahihi ya barua pepe.',
  'The end must be after the start.': 'Mwisho lazima uwe baada ya mwanzo.',
  'The fee is too large.': 'Ada ni kubwa mno.',
  'The fee may not be negative.': 'Ada haiwezi kuwa chini ya sifuri.',
  'The fee must be a number.': 'Ada lazima iwe namba.',
  'The file could not be read as CSV (near line {0}). Save it as CSV (comma-separated) and try again.':
    'Faili halikuweza kusomwa kama CSV (karibu na mstari {0}). Lihifadhi kama CSV (comma-separated) na ujaribu tena.',
  'The file could not be read as CSV. Save it as CSV (comma-separated) and try again.':
    'Faili halikuweza kusomwa kama CSV. Lihifadhi kama CSV (comma-separated) na ujaribu tena.',
  'The file has {0} items: at most {1} can be imported at once. Split it into smaller files.':
    'Faili lina bidhaa {0}: ni {1} tu zinazoweza kuletwa kwa mara moja. Ligawe katika faili ndogo zaidi.',
  'The file is too large: at most {0} MB.': 'Faili ni kubwa mno: MB {0} tu zinaruhusiwa.',
  'The form has too many fields.': 'Fomu ina sehemu nyingi mno.',
  'The free-delivery amount may not be negative.': 'Kiasi cha usafirishaji bure hakiwezi kuwa chini ya sifuri.',
  'The highest price may not be greater than 10,000,000.': 'Bei ya juu kabisa haiwezi kuzidi 10,000,000.',
  'The highest price must be a number.': 'Bei ya juu kabisa lazima iwe namba.',
  'The highest price must be greater than 0.': 'Bei ya juu kabisa lazima iwe zaidi ya 0.',
  'The items field is required.': 'Bidhaa zinahitajika.',
  'The label field is required.': 'Lebo inahitajika.',
  'The label may have at most 40 characters.': 'Lebo inaweza kuwa na herufi 40 tu.',
  'The language must be en (English) or sw (Kiswahili).': 'Lugha lazima iwe en (Kiingereza) au sw (Kiswahili).',
  'The max price must be greater than or equal to the min price.':
    'Bei ya juu lazima iwe sawa na au zaidi ya bei ya chini.',
  'The maximum days may not be fewer than the minimum days.': 'Siku za juu haziwezi kuwa chache kuliko siku za chini.',
  'The maximum days must be a number.': 'Siku za juu lazima ziwe namba.',
  'The measurements must be a list of sizes in cm.': 'Vipimo lazima viwe orodha ya saizi kwa sentimita.',
  'The minimum days must be a number.': 'Siku za chini lazima ziwe namba.',
  'The minimum spend may not be negative.': 'Kiwango cha chini cha manunuzi hakiwezi kuwa chini ya sifuri.',
  'The minimum spend must be a number.': 'Kiwango cha chini cha manunuzi lazima kiwe namba.',
  'The name field is required.': 'Jina linahitajika.',
  'The name field must not be greater than 255 characters.': 'Jina haliwezi kuzidi herufi 255.',
  'The name has already been taken.': 'Jina hili tayari linatumika.',
  'The name may have at most 120 characters.': 'Jina linaweza kuwa na herufi 120 tu.',
  'The name may have at most 80 characters.': 'Jina linaweza kuwa na herufi 80 tu.',
  'The name may not be greater than {0} characters.': 'Jina haliwezi kuzidi herufi {0}.',
  'The note may have at most 300 characters.': 'Maelezo yanaweza kuwa na herufi 300 tu.',
  'The note may have at most 500 characters.': 'Maelezo yanaweza kuwa na herufi 500 tu.',
  'The note may not be greater than 500 characters.': 'Maelezo hayawezi kuzidi herufi 500.',
  'The note must be text.': 'Maelezo lazima yawe maandishi.',
  'The order status must be one of: {0}.': 'Hali ya oda lazima iwe mojawapo ya: {0}.',
  'The page may not be greater than 100000.': 'Ukurasa hauwezi kuzidi 100000.',
  'The page must be a number.': 'Ukurasa lazima uwe namba.',
  'The page must be a whole number.': 'Ukurasa lazima uwe namba kamili.',
  'The page must be at least 1.': 'Ukurasa lazima uwe angalau 1.',
  'The password confirmation field is required.': 'Thibitisha nenosiri.',
  'The password field confirmation does not match.': 'Nenosiri na uthibitisho wake havilingani.',
  'The password field must be at least 8 characters.': 'Nenosiri lazima liwe na angalau herufi 8.',
  'The password field must not be greater than 255 characters.': 'Nenosiri haliwezi kuzidi herufi 255.',
  'The payment could not be confirmed with the provider. Please retry.':
    'Malipo hayakuweza kuthibitishwa na mtoa huduma. Tafadhali jaribu tena.',
  'The payment is not settled yet. Please retry.': 'Malipo bado hayajakamilika. Tafadhali jaribu tena.',
  'The payment reference is not one of ours.': 'Kumbukumbu hii ya malipo si yetu.',
  'The per page must be a whole number.': 'Idadi kwa kila ukurasa lazima iwe namba kamili.',
  'The per page must be between 1 and {0}.': 'Idadi kwa kila ukurasa lazima iwe kati ya 1 na {0}.',
  'The per page value may not be greater than 100.': 'Idadi kwa kila ukurasa haiwezi kuzidi 100.',
  'The per page value must be a number.': 'Idadi kwa kila ukurasa lazima iwe namba.',
  'The per page value must be a whole number.': 'Idadi kwa kila ukurasa lazima iwe namba kamili.',
  'The per page value must be at least 1.': 'Idadi kwa kila ukurasa lazima iwe angalau 1.',
  'The price field is required.': 'Bei inahitajika.',
  'The product id is invalid.': 'Namba ya bidhaa si sahihi.',
  'The product id must be a number.': 'Namba ya bidhaa lazima iwe namba.',
  'The product id must be a positive number.': 'Namba ya bidhaa lazima iwe namba chanya.',
  'The product id must be a whole number.': 'Namba ya bidhaa lazima iwe namba kamili.',
  'The provider answered for another payment.': 'Mtoa huduma alijibu kuhusu malipo mengine.',
  'The publish time must be a date and time.': 'Muda wa kuchapisha lazima uwe tarehe na saa.',
  'The publish time must be in the future.': 'Muda wa kuchapisha lazima uwe wa baadaye.',
  'The quantity may not be greater than {0}.': 'Idadi haiwezi kuzidi {0}.',
  'The quantity must be a number.': 'Idadi lazima iwe namba.',
  'The quantity must be a whole number.': 'Idadi lazima iwe namba kamili.',
  'The quantity must be at least 1.': 'Idadi lazima iwe angalau 1.',
  'The range may cover at most {0} days.': 'Kipindi kinaweza kuwa cha siku {0} tu.',
  'The range must be one of: {0}.': 'Kipindi lazima kiwe mojawapo ya: {0}.',
  'The rating must be a whole number.': 'Ukadiriaji lazima uwe namba kamili.',
  'The rating must be between {0} and {1}.': 'Ukadiriaji lazima uwe kati ya {0} na {1}.',
  'The reason may have at most {0} characters.': 'Sababu inaweza kuwa na herufi {0} tu.',
  'The reference may have at most 64 characters.': 'Kumbukumbu inaweza kuwa na herufi 64 tu.',
  'The refund may not be more than what is left to refund ({0}).':
    'Kiasi cha kurejesha hakiwezi kuzidi kilichobaki kurejeshwa ({0}).',
  'The review text may not be greater than {0} characters.': 'Maoni hayawezi kuzidi herufi {0}.',
  'The review text must be text.': 'Maoni lazima yawe maandishi.',
  'The search may not be greater than 100 characters.': 'Utafutaji hauwezi kuzidi herufi 100.',
  'The search words may not be greater than 100 characters.': 'Maneno ya kutafuta hayawezi kuzidi herufi 100.',
  'The search words must be text.': 'Maneno ya kutafuta lazima yawe maandishi.',
  'The selected categories are invalid.': 'Kategoria ulizochagua si sahihi.',
  'The selected category is invalid.': 'Kategoria uliyochagua si sahihi.',
  'The selected product is invalid.': 'Bidhaa uliyochagua si sahihi.',
  'The shipping phone field is required.': 'Namba ya simu ya kuletewa inahitajika.',
  'The size may not be greater than 50 characters.': 'Saizi haiwezi kuzidi herufi 50.',
  'The size must be text.': 'Saizi lazima iwe maandishi.',
  'The sort must be one of: {0}.': 'Mpangilio lazima uwe mojawapo ya: {0}.',
  'The status must be one of: {0}, all.': 'Hali lazima iwe mojawapo ya: {0}, all.',
  'The status must be one of: {0}.': 'Hali lazima iwe mojawapo ya: {0}.',
  'The to date must be on or after the from date.':
    'Tarehe ya mwisho lazima iwe siku ile ile au baada ya tarehe ya kuanzia.',
  'The tracking id is too long.': 'Namba ya kufuatilia ni ndefu mno.',
  'The upload could not be read. Please try again.': 'Faili ulilopakia halikuweza kusomwa. Tafadhali jaribu tena.',
  'The waybill number may have at most 64 characters.': 'Namba ya waybill inaweza kuwa na herufi 64 tu.',
  'The waybill number must be text.': 'Namba ya waybill lazima iwe maandishi.',
  'The {0} date must be a date (YYYY-MM-DD).': 'Tarehe ya {0} lazima iwe tarehe (YYYY-MM-DD).',
  'The {0} field contains a character that is not allowed.': 'Sehemu ya {0} ina herufi isiyoruhusiwa.',
  'The {0} filter may not be greater than {1} characters.': 'Kichujio cha {0} hakiwezi kuzidi herufi {1}.',
  'The {0} filter must be text.': 'Kichujio cha {0} lazima kiwe maandishi.',
  'The {0} filter must be true or false.': 'Kichujio cha {0} lazima kiwe true au false.',
  'The {0} is invalid.': 'Sehemu ya {0} si sahihi.',
  'The {0} is too large.': 'Sehemu ya {0} ni kubwa mno.',
  'The {0} may have at most 2 decimals.': 'Sehemu ya {0} inaweza kuwa na desimali 2 tu.',
  'The {0} may have at most {1} characters.': 'Sehemu ya {0} inaweza kuwa na herufi {1} tu.',
  'The {0} may not be greater than {1} characters.': 'Sehemu ya {0} haiwezi kuzidi herufi {1}.',
  'The {0} may not be negative.': 'Sehemu ya {0} haiwezi kuwa chini ya sifuri.',
  'The {0} must be a date, e.g. 2026-12-01.': 'Sehemu ya {0} lazima iwe tarehe, k.m. 2026-12-01.',
  'The {0} must be a number.': 'Sehemu ya {0} lazima iwe namba.',
  'The {0} must be a whole number.': 'Sehemu ya {0} lazima iwe namba kamili.',
  'The {0} must be at least 1.': 'Sehemu ya {0} lazima iwe angalau 1.',
  'The {0} must be more than 0.': 'Sehemu ya {0} lazima iwe zaidi ya 0.',
  'The {0} must be text.': 'Sehemu ya {0} lazima iwe maandishi.',
  'The {0} payment provider is not enabled.': 'Mtoa huduma wa malipo {0} hajawashwa.',
  'There is no open cancellation request on this order.': 'Hakuna ombi la kughairi lililo wazi kwa oda hii.',
  'This account already has an e-mail address: sign in with it, or use "Forgot password".':
    'Akaunti hii tayari ina anwani ya barua pepe: ingia nayo, au tumia "Umesahau nenosiri".',
  'This customer already holds {0} items at agreed prices, the most at one time. Counter or decline instead, or accept once they have ordered one.':
    'Mteja huyu tayari ameshikiwa bidhaa {0} kwa bei walizokubaliana, kiwango cha juu kwa wakati mmoja. Toa bei mpya au kataa, au kubali akishaagiza mojawapo.',
  'This customer’s unpaid orders and reserved offers already hold {0} items, the most at one time. Counter or decline instead, or accept once they have paid or ordered.':
    'Oda za mteja huyu ambazo hazijalipwa na ofa alizohifadhiwa tayari zinashikilia bidhaa {0}, kiwango cha juu kwa wakati mmoja. Toa bei mpya au kataa, au kubali akishalipa au kuagiza.',
  'This delivery method is not available. Please choose another one.':
    'Njia hii ya usafirishaji haipatikani. Tafadhali chagua nyingine.',
  'This email address is already linked to a different Google account.':
    'Anwani hii ya barua pepe tayari imeunganishwa na akaunti nyingine ya Google.',
  'This item does not take offers.': 'Bidhaa hii haipokei ofa za bei.',
  'This item is reserved for another customer for now.': 'Bidhaa hii imehifadhiwa kwa mteja mwingine kwa sasa.',
  'This item is sold out.': 'Bidhaa hii imeisha.',
  'This link has already been used. Sign in with the e-mail address and password you chose.':
    'Kiungo hiki tayari kimetumika. Ingia kwa barua pepe na nenosiri ulilochagua.',
  'This link has expired. Please ask the shop to send you a new one.':
    'Kiungo hiki kimeisha muda. Tafadhali omba duka likutumie kipya.',
  'This link is not valid. Please ask the shop to send you a new one.':
    'Kiungo hiki si sahihi. Tafadhali omba duka likutumie kipya.',
  'This offer is closed.': 'Ofa hii imefungwa.',
  'This offer is waiting for the other side’s answer.': 'Ofa hii inasubiri jibu la upande mwingine.',
  'This offer was just answered. Please reload it.': 'Ofa hii imejibiwa sasa hivi. Tafadhali pakia upya.',
  'This order can no longer be paid.': 'Oda hii haiwezi kulipwa tena.',
  'This order has already had {0} M-Pesa prompts. Please pay another way.':
    'Oda hii tayari imetumiwa maombi {0} ya M-Pesa. Tafadhali lipa kwa njia nyingine.',
  'This order has no pay link.': 'Oda hii haina kiungo cha malipo.',
  'This order has no payment to refund.': 'Oda hii haina malipo ya kurejesha.',
  'This order is already paid.': 'Oda hii tayari imelipwa.',
  'This order is not paid. Record its payment (method and reference) to move it to processing.':
    'Oda hii haijalipwa. Rekodi malipo yake (njia na kumbukumbu) ili ianze kutayarishwa.',
  'This order is paid: ask the shop to cancel it with "Request Cancel".':
    'Oda hii imelipwa: omba duka liighairi kwa "Request Cancel".',
  'This order is too large to place online. Please split it into smaller orders.':
    'Oda hii ni kubwa mno kuwekwa mtandaoni. Tafadhali igawe katika oda ndogo zaidi.',
  'This order is too large. Please split it into smaller orders.':
    'Oda hii ni kubwa mno. Tafadhali igawe katika oda ndogo zaidi.',
  'This order is {status}: it cannot be {done}.': 'Oda hii iko katika hali ya {status}: haiwezi {done}.',
  'This order total is too small for an M-Pesa prompt. Please pay another way.':
    'Jumla ya oda hii ni ndogo mno kwa ombi la M-Pesa. Tafadhali lipa kwa njia nyingine.',
  'This order was just changed by someone else. Please reload it.':
    'Oda hii imebadilishwa sasa hivi na mtu mwingine. Tafadhali pakia upya.',
  "This order's payment is {payment}: it cannot be {done}.":
    'Malipo ya oda hii yako katika hali ya {payment}: oda haiwezi {done}.',
  'This pay link has been changed or is not for this order. Please ask the shop for a new one.':
    'Kiungo hiki cha malipo kimebadilishwa au si cha oda hii. Tafadhali omba duka kiungo kipya.',
  'This pay link has expired. Please ask the shop for a new one.':
    'Kiungo hiki cha malipo kimeisha muda. Tafadhali omba duka kiungo kipya.',
  'This pay link is for another order.': 'Kiungo hiki cha malipo ni cha oda nyingine.',
  'This pay link is not valid. Please ask the shop for a new one.':
    'Kiungo hiki cha malipo si sahihi. Tafadhali omba duka kiungo kipya.',
  'This phone number is already verified on another account. Sign in to that account, or verify a different number.':
    'Namba hii ya simu tayari imethibitishwa kwenye akaunti nyingine. Ingia kwenye akaunti hiyo, au thibitisha namba nyingine.',
  'This phone number is already verified on {0} other accounts, the most allowed. Sign in to one of them, or verify a different number.':
    'Namba hii ya simu tayari imethibitishwa kwenye akaunti {0} nyingine, kiwango cha juu kinachoruhusiwa. Ingia kwenye mojawapo, au thibitisha namba nyingine.',
  'This return is {returnStatus}: it cannot be {returnDone}.':
    'Ombi hili la kurudisha liko katika hali ya {returnStatus}: haliwezi {returnDone}.',
  'This return was just changed by someone else. Please reload it.':
    'Ombi hili la kurudisha limebadilishwa sasa hivi na mtu mwingine. Tafadhali pakia upya.',
  'This unsubscribe link is not valid. Use the link from your latest e-mail.':
    'Kiungo hiki cha kujiondoa si sahihi. Tumia kiungo kilicho kwenye barua pepe yako ya karibuni.',
  'Too many attempts for this email address. Please try again in {0} seconds.':
    'Umejaribu mara nyingi mno kwa anwani hii ya barua pepe. Tafadhali jaribu tena baada ya sekunde {0}.',
  'Too many password attempts. Please try again in {0} seconds.':
    'Umejaribu nenosiri mara nyingi mno. Tafadhali jaribu tena baada ya sekunde {0}.',
  'Unauthenticated.': 'Hujaingia. Tafadhali ingia kwenye akaunti yako.',
  'Unknown offer status.': 'Hali ya ofa haijulikani.',
  'Unknown order status.': 'Hali ya oda haijulikani.',
  'Unpaid orders may hold at most {0} items at a time. Please pay or cancel an unpaid order first.':
    'Oda ambazo hazijalipwa zinaweza kushikilia bidhaa {0} tu kwa wakati mmoja. Tafadhali lipa au ghairi oda ambayo haijalipwa kwanza.',
  'User not found.': 'Mtumiaji hakupatikana.',
  'WELCOME10 is already applied to your order #{0}. It becomes free again if that order is cancelled or expires unpaid.':
    'WELCOME10 tayari imetumika kwenye oda yako #{0}. Itapatikana tena oda hiyo ikighairiwa au ikiisha muda bila kulipwa.',
  'WELCOME10 is only for your first order.': 'WELCOME10 ni ya oda yako ya kwanza tu.',
  'We do not deliver to "{0}" yet. Please choose one of the listed areas.':
    'Bado hatuleti mizigo "{0}". Tafadhali chagua mojawapo ya maeneo yaliyoorodheshwa.',
  'Wishlist item not found.': 'Bidhaa hii haiko kwenye orodha yako ya vipendwa.',
  'You already have an offer on this item. See it under My offers.':
    'Tayari umetoa ofa kwa bidhaa hii. Iangalie kwenye Ofa zangu.',
  'You already have {0} unpaid order. Please pay or cancel an unpaid order first.':
    'Tayari una oda {0} ambayo haijalipwa. Tafadhali lipa au ghairi oda ambayo haijalipwa kwanza.',
  'You already have {0} unpaid orders. Please pay or cancel an unpaid order first.':
    'Tayari una oda {0} ambazo hazijalipwa. Tafadhali lipa au ghairi oda ambayo haijalipwa kwanza.',
  'You already hold {0} items at agreed prices, the most at one time. Please order one of them first; until then the shop cannot hold another item for you.':
    'Tayari umeshikiwa bidhaa {0} kwa bei mlizokubaliana, kiwango cha juu kwa wakati mmoja. Tafadhali agiza mojawapo kwanza; hadi hapo duka haliwezi kukushikia bidhaa nyingine.',
  'You can keep at most {0} addresses. Delete one first.': 'Unaweza kuhifadhi anwani {0} tu. Futa moja kwanza.',
  'You can keep up to 5 saved searches. Delete one first.': 'Unaweza kuhifadhi hadi utafutaji 5. Futa mmoja kwanza.',
  'You can only upload up to {0} images.': 'Unaweza kupakia hadi picha {0} tu.',
  'You can review products from your delivered orders only.':
    'Unaweza kutoa maoni kuhusu bidhaa za oda zilizokufikia tu.',
  'You have already bought this item at an agreed price; an agreed price is used once. More of it sell at the price shown: add it to your cart.':
    'Tayari umenunua bidhaa hii kwa bei mliyokubaliana; bei hiyo hutumika mara moja tu. Zaidi yake zinauzwa kwa bei iliyoonyeshwa: iweke kwenye kikapu chako.',
  'You have already reviewed this product.': 'Tayari umetoa maoni kuhusu bidhaa hii.',
  'You have already saved this search.': 'Tayari umehifadhi utafutaji huu.',
  'You have already used the code {0} {1} times, its limit per customer.':
    'Tayari umetumia msimbo {0} mara {1}, kikomo chake kwa kila mteja.',
  'You have already used the code {0}.': 'Tayari umetumia msimbo {0}.',
  'You have {0} offers waiting for an answer. Please wait for an answer or withdraw one first.':
    'Una ofa {0} zinazosubiri jibu. Tafadhali subiri jibu au ondoa moja kwanza.',
  'You may not listen on this channel.': 'Huruhusiwi kusikiliza chaneli hii.',
  'Your account has no password: sign in with Google again (within the last 10 minutes) to change your e-mail address or password.':
    'Akaunti yako haina nenosiri: ingia tena kwa Google (ndani ya dakika 10 zilizopita) ili kubadilisha barua pepe au nenosiri.',
  'Your cart changed while adding. Please try again.':
    'Kikapu chako kilibadilika ulipokuwa ukiongeza. Tafadhali jaribu tena.',
  'Your cart is empty.': 'Kikapu chako ni tupu.',
  'Your counter must be below the shop’s price. Accept it instead.':
    'Bei yako mpya lazima iwe chini ya bei ya duka. Ikubali badala yake.',
  'Your first-order offer has just gone to another of your orders, placed a moment ago. Please place this order again: it is priced without the offer.':
    'Ofa yako ya oda ya kwanza imeenda kwenye oda yako nyingine iliyowekwa muda mfupi uliopita. Tafadhali weka oda hii tena: bei yake haina ofa hiyo.',
  'Your first-order offer has just gone to your order #{0}, placed a moment ago. Please place this order again: it is priced without the offer.':
    'Ofa yako ya oda ya kwanza imeenda kwenye oda yako #{0} iliyowekwa muda mfupi uliopita. Tafadhali weka oda hii tena: bei yake haina ofa hiyo.',
  'Your offer must be below the price. At the price, simply add it to your cart.':
    'Ofa yako lazima iwe chini ya bei. Kwa bei hiyo, iweke tu kwenye kikapu chako.',
  'Your order reservation expired. Please recreate the order.':
    'Muda wa kukuhifadhia oda yako umeisha. Tafadhali weka oda upya.',
  'Your reserved price for {0} has ended. Please review your cart.':
    'Bei uliyohifadhiwa ya {0} imeisha. Tafadhali kagua kikapu chako.',
  'Your reserved price on this item ended without an order. You can make a new offer on it from {0}.':
    'Bei uliyohifadhiwa kwa bidhaa hii imeisha bila oda. Unaweza kutoa ofa mpya kuanzia {0}.',
  'Your unpaid orders and reserved offers may hold at most {0} items at a time. Please pay for or cancel an unpaid order, or order a reserved item, first.':
    'Oda zako ambazo hazijalipwa na ofa ulizohifadhiwa zinaweza kushikilia bidhaa {0} tu kwa wakati mmoja. Tafadhali lipa au ghairi oda ambayo haijalipwa, au agiza bidhaa uliyohifadhiwa, kwanza.',
  'cart_reminders must be true or false.': 'cart_reminders lazima iwe true au false.',
  'new_arrivals must be true or false.': 'new_arrivals lazima iwe true au false.',
  'wishlist_alerts must be true or false.': 'wishlist_alerts lazima iwe true au false.',
  '{0} Please try again in {1} minute.': '{0} Tafadhali jaribu tena baada ya dakika {1}.',
  '{0} Please try again in {1} minutes.': '{0} Tafadhali jaribu tena baada ya dakika {1}.',
  '{0} Please try again in {1} second.': '{0} Tafadhali jaribu tena baada ya sekunde {1}.',
  '{0} Please try again in {1} seconds.': '{0} Tafadhali jaribu tena baada ya sekunde {1}.',
  '{0}: This item is reserved for another customer for now.':
    '{0}: Bidhaa hii imehifadhiwa kwa mteja mwingine kwa sasa.',
  'Something went wrong on our side. Please try again.': 'Kuna tatizo upande wetu. Tafadhali jaribu tena.',
  'The request body is not valid JSON.': 'Maudhui ya ombi si JSON sahihi.',
  'The request is too large.': 'Ombi ni kubwa mno.',
  'Unsupported content type.': 'Aina hii ya maudhui haikubaliki.',
  'The request could not be handled.': 'Ombi halikuweza kushughulikiwa.',
  'The given data was invalid.': 'Taarifa ulizotuma si sahihi.',
  'The {0} field is required.': 'Sehemu ya {0} inahitajika.',
  'The {0} field is invalid.': 'Sehemu ya {0} si sahihi.',
  '{0} (and {1} more error)': '{0} (na kosa {1} lingine)',
  '{0} (and {1} more errors)': '{0} (na makosa {1} mengine)',
  'Too many requests. Please try again in {0} seconds.':
    'Maombi ni mengi mno. Tafadhali jaribu tena baada ya sekunde {0}.',
  'Too many verification codes have been sent to this phone.':
    'Misimbo mingi mno ya uthibitisho imetumwa kwa simu hii.',
  'Too many verification codes have been asked for from this account.':
    'Misimbo mingi mno ya uthibitisho imeombwa kutoka kwenye akaunti hii.',
  'Too many M-Pesa prompts have been sent to this phone.': 'Maombi mengi mno ya M-Pesa yametumwa kwa simu hii.',
  'Too many M-Pesa prompts have been asked for from this account.':
    'Maombi mengi mno ya M-Pesa yameombwa kutoka kwenye akaunti hii.',
  'Too many live-update connections from your address. Close some tabs or apps of the shop and try again.':
    'Kuna miunganisho mingi mno ya taarifa za papo hapo kutoka kwenye anwani yako. Funga baadhi ya vichupo au programu za duka na ujaribu tena.',
  'File not found.': 'Faili halikupatikana.',
  'Database migrations are pending.': 'Uhamishaji wa hifadhidata bado unasubiri.',
  'The database is not reachable.': 'Hifadhidata haipatikani.',
  'Metrics need the bearer token set in METRICS_TOKEN.': 'Takwimu zinahitaji tokeni iliyowekwa kwenye METRICS_TOKEN.',
  'This order is already to be paid on delivery.': 'Oda hii tayari italipwa ukipokea.',
  'Pay on delivery is for orders up to {0}. Please pay this order now.':
    'Lipa ukipokea ni kwa oda za hadi {0}. Tafadhali lipa oda hii sasa.',
  'Pay on delivery opens once you have received an order from us (or verified your phone number). Please pay this order now.':
    'Lipa ukipokea inafunguka ukishapokea oda kutoka kwetu (au ukithibitisha namba yako ya simu). Tafadhali lipa oda hii sasa.',
  'You already have an order to pay on delivery (#{0}). Please pay this order now, or wait until that one is delivered.':
    'Tayari una oda ya kulipa ukipokea (#{0}). Tafadhali lipa oda hii sasa, au subiri hiyo ikufikie kwanza.',
  'Your Google sign-in has expired. Please try again.': 'Muda wa kuingia kwa Google umeisha. Tafadhali jaribu tena.',
  'Invalid Google token.': 'Uthibitisho wa Google si sahihi.',
  'Google sign-in is unavailable right now. Please try again later.':
    'Kuingia kwa Google hakupatikani kwa sasa. Tafadhali jaribu tena baadaye.',
  'Your Google e-mail address is not verified.': 'Anwani yako ya barua pepe ya Google haijathibitishwa.',
  'The file has errors: nothing was imported. Fix the rows listed and try again.':
    'Faili lina makosa: hakuna kilicholetwa. Rekebisha mistari iliyoorodheshwa na ujaribu tena.',
  'Payment initiation failed': 'Malipo hayakuweza kuanzishwa',
  'We could not send the M-Pesa prompt. Please try again, or pay another way.':
    'Hatukuweza kutuma ombi la M-Pesa. Tafadhali jaribu tena, au lipa kwa njia nyingine.',
  'The notification is not valid JSON.': 'Taarifa si JSON sahihi.',
  'Invalid challenge.': 'Uthibitisho si sahihi.',
  'The notification is not readable.': 'Taarifa haisomeki.',
  'Invalid signature.': 'Sahihi si sahihi.',
  'The subscription endpoint must be an https address.': 'Anwani ya usajili wa arifa lazima iwe ya https.',
  'The subscription endpoint must be a push service on the internet.':
    'Anwani ya usajili wa arifa lazima iwe huduma ya arifa iliyo kwenye mtandao.',
  "The subscription's p256dh key is not a P-256 public key.":
    'Ufunguo wa p256dh wa usajili wa arifa si ufunguo wa umma wa P-256.',
  "The subscription's auth key must be 16 bytes.": 'Ufunguo wa auth wa usajili wa arifa lazima uwe baiti 16.',
  "The subscription's {0} key is too long.": 'Ufunguo wa {0} wa usajili wa arifa ni mrefu mno.',
  "The subscription's {0} key is too short.": 'Ufunguo wa {0} wa usajili wa arifa ni mfupi mno.',
  "The subscription's {0} key must be base64url.": 'Ufunguo wa {0} wa usajili wa arifa lazima uwe base64url.',
  "The subscription's {0} key is missing.": 'Ufunguo wa {0} wa usajili wa arifa haupo.',
  'The subscription endpoint is too long.': 'Anwani ya usajili wa arifa ni ndefu mno.',
  'The subscription has no endpoint.': 'Usajili wa arifa hauna anwani.',
  'The subscription endpoint must be an http(s) address.': 'Anwani ya usajili wa arifa lazima iwe ya http(s).',
  'The subscription has no keys.': 'Usajili wa arifa hauna funguo.',
  'Say which endpoint to remove.': 'Sema ni anwani gani ya kuondoa.',
};

/** Words that fill a named placeholder, by its name (order and payment statuses, what a move does). */
export const ERROR_VALUES_SW: Record<string, Record<string, string>> = {
  status: {
    pending: 'inasubiri malipo',
    processing: 'inatayarishwa',
    shipped: 'imetumwa',
    delivered: 'imefika',
    cancelled: 'imeghairiwa',
  },
  from: {
    pending: 'inasubiri malipo',
    processing: 'inatayarishwa',
    shipped: 'imetumwa',
    delivered: 'imefika',
    cancelled: 'imeghairiwa',
  },
  to: {
    pending: 'inasubiri malipo',
    processing: 'inatayarishwa',
    shipped: 'imetumwa',
    delivered: 'imefika',
    cancelled: 'imeghairiwa',
  },
  payment: {
    unpaid: 'haijalipwa',
    pending: 'inasubiri',
    paid: 'imelipwa',
    failed: 'imeshindikana',
    'refund due': 'inasubiri kurejeshewa pesa',
    refunded: 'pesa imerejeshwa',
    'partially refunded': 'sehemu ya pesa imerejeshwa',
    'unpaid on_delivery': 'italipwa ukipokea',
  },
  done: {
    'asked to be cancelled': 'kuombewa kughairiwa',
    cancelled: 'kughairiwa',
    delivered: 'kuwekwa kuwa imefika',
    expired: 'kuisha muda',
    kept: 'kubaki ilivyo',
    'marked as failed': 'kuwekwa kuwa imeshindikana',
    'marked as not delivered': 'kuwekwa kuwa haikufika',
    'marked as paid': 'kuwekwa kuwa imelipwa',
    'marked as refused': 'kuwekwa kuwa imekataliwa',
    'paid on delivery': 'kulipwa ukipokea',
    paid: 'kulipwa',
    placed: 'kuwekwa',
    refunded: 'kurejeshewa pesa',
    'sent an M-Pesa prompt': 'kutumiwa ombi la M-Pesa',
    shipped: 'kutumwa',
  },
  returnStatus: {
    requested: 'limeombwa',
    approved: 'limekubaliwa',
    declined: 'limekataliwa',
    received: 'limepokelewa',
    refunded: 'pesa imerejeshwa',
  },
  returnDone: {
    requested: 'kuombwa',
    opened: 'kufunguliwa',
    approved: 'kukubaliwa',
    declined: 'kukataliwa',
    received: 'kupokelewa',
    refunded: 'kurejeshewa pesa',
  },
};
