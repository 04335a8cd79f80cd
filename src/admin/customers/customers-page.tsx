import type { SectionPageProps } from '../section-pages'
import { CustomerDetailPage } from './customer-detail-page'
import { CustomerListPage } from './customer-list-page'
import './customers.css'

/** `/admin/customers`: the list; `/admin/customers/<id>`: one customer's record. */
export function CustomersPage(props: SectionPageProps) {
  return props.rest ? (
    <CustomerDetailPage id={props.rest} staff={props.staff} />
  ) : (
    <CustomerListPage search={props.search} />
  )
}
