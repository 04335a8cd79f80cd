import '../../styles/commerce.css'

const questions: { q: string; a: string }[] = [
  {
    q: 'How do I place an order?',
    a: 'Choose the size and colour, add the product to the cart, then press Place Order and fill in your address. You can order as a guest or logged in.',
  },
  {
    q: 'How much is delivery?',
    a: 'TK 70 inside Dhaka city, TK 110 in the Dhaka suburbs (Savar, Gazipur, Narayanganj and nearby) and TK 130 everywhere else in Bangladesh.',
  },
  {
    q: 'How long does delivery take?',
    a: '1–2 days inside Dhaka, 2–3 days in the suburbs and 3–5 days outside Dhaka.',
  },
  {
    q: 'How can I pay?',
    a: 'Cash on delivery: you pay the courier when the parcel arrives. Online payment is coming soon.',
  },
  {
    q: 'How do I track my order?',
    a: 'Logged-in shoppers see every order under My orders. Guests can find an order with its number and the mobile number used at checkout.',
  },
  {
    q: 'Can I return or exchange a product?',
    a: 'Yes, within 7 days of delivery if it is unused with its tags. Call us and we will arrange the pickup.',
  },
  {
    q: 'What are reward points?',
    a: 'You earn 1 point for every TK 100 of delivered orders. Points are shown under Reward points.',
  },
  { q: 'When is support available?', a: 'Saturday to Friday, 10AM to 11PM.' },
]

/** /user/faq: frequently asked questions. */
export function FaqPage() {
  return (
    <section className="commerce-page">
      <h1>Frequently asked questions</h1>
      <div className="faq">
        {questions.map((item) => (
          <details key={item.q} className="form-card">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
