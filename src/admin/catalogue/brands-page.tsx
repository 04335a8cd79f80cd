import './catalogue.css'
import { useQuery } from '@tanstack/react-query'
import type { AdminBrand } from '../../contract/admin-catalogue'
import { figure, t } from '../../i18n'
import { mediaUrl } from '../../lib/media'
import { ImageField } from '../image-field'
import type { SectionPageProps } from '../section-pages'
import { brandsQuery, catalogueApi, catalogueKeys } from './catalogue-api'
import { CatalogueForm, namesOf, useCatalogueForm } from './catalogue-crud-form'
import { CataloguePage, CatalogueRowLine, useCatalogueCrud } from './catalogue-crud-page'

const FIELDS = ['name', 'nameBn', 'slug', 'logo']

/** A brand's names, slug (made from the English name when left empty) and logo. */
function BrandForm({
  brand,
  onDone,
  onCancel,
}: {
  brand: AdminBrand | null
  onDone: (saved: AdminBrand) => void
  onCancel?: () => void
}) {
  const form = useCatalogueForm({
    row: brand,
    picture: brand?.logo,
    fields: FIELDS,
    listKey: catalogueKeys.brands(),
    save: (data, logo) => catalogueApi.saveBrand(brand?.id ?? null, { ...namesOf(data), logo }),
    onDone,
  })
  return (
    <CatalogueForm form={form} row={brand} addLabel={t('admin-catalogue.add-brand')} onCancel={onCancel}>
      <ImageField
        label={t('admin-catalogue.logo')}
        use="brand"
        value={form.picture}
        onChange={form.setPicture}
        error={form.errors.fields.logo}
      />
    </CatalogueForm>
  )
}

/** The shop's brands: add, edit, delete one no product uses. */
export function BrandsPage(_props: SectionPageProps) {
  const list = useQuery(brandsQuery)
  const crud = useCatalogueCrud({
    listKey: catalogueKeys.brands(),
    remove: (brand: AdminBrand) => catalogueApi.deleteBrand(brand.id),
    inUse: (brand) =>
      t('admin-catalogue.brand-in-use', { name: brand.name, products: figure(brand.products) }),
  })

  return (
    <CataloguePage
      crud={crud}
      list={list}
      title={t('admin-catalogue.brands-title')}
      newId="brand-new"
      newTitle={t('admin-catalogue.new-brand')}
      newForm={<BrandForm brand={null} onDone={crud.closeSaved} />}
      listId="brand-list"
      listTitle={t('admin-catalogue.brands-list')}
    >
      {(brands) => (
        <ul className="catalogue-list">
          {brands.map((brand) => (
            <li key={brand.id} className="catalogue-row">
              {crud.editing === brand.id ? (
                <BrandForm brand={brand} onDone={crud.closeSaved} onCancel={() => crud.setEditing(null)} />
              ) : (
                <CatalogueRowLine
                  row={brand}
                  crud={crud}
                  picture={
                    brand.logo && (
                      <img className="catalogue-row__logo" src={mediaUrl(brand.logo, 'xs')} alt="" />
                    )
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </CataloguePage>
  )
}
