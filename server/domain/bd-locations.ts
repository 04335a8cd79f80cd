import type { DeliveryZone, LocationDivision } from '../../src/contract/addresses'

/**
 * Bangladesh's 8 divisions and 64 districts with their areas (upazilas / thanas). Dhaka city's
 * thanas are inside Dhaka; the rest of Dhaka district, Gazipur and Narayanganj are the suburbs;
 * everything else is outside Dhaka.
 */
const dhakaCity = [
  'Adabor',
  'Badda',
  'Banani',
  'Bangshal',
  'Bashundhara',
  'Cantonment',
  'Chawkbazar',
  'Dakshinkhan',
  'Darus Salam',
  'Demra',
  'Dhanmondi',
  'Gendaria',
  'Gulshan',
  'Hazaribagh',
  'Jatrabari',
  'Kadamtali',
  'Kafrul',
  'Kalabagan',
  'Kamrangirchar',
  'Khilgaon',
  'Khilkhet',
  'Kotwali',
  'Lalbagh',
  'Mirpur',
  'Mohammadpur',
  'Motijheel',
  'New Market',
  'Pallabi',
  'Paltan',
  'Ramna',
  'Rampura',
  'Sabujbagh',
  'Shah Ali',
  'Shahbagh',
  'Sher-e-Bangla Nagar',
  'Shyampur',
  'Sutrapur',
  'Tejgaon',
  'Turag',
  'Uttara',
  'Uttarkhan',
  'Vatara',
  'Wari',
]

const suburbs: Record<string, string[]> = {
  Dhaka: ['Savar', 'Ashulia', 'Keraniganj', 'Dhamrai', 'Dohar', 'Nawabganj'],
  Gazipur: ['Gazipur Sadar', 'Tongi', 'Kaliakair', 'Kaliganj', 'Kapasia', 'Sreepur'],
  Narayanganj: [
    'Narayanganj Sadar',
    'Siddhirganj',
    'Fatullah',
    'Bandar',
    'Rupganj',
    'Sonargaon',
    'Araihazar',
  ],
}

/** areas of the larger districts outside Dhaka; smaller districts get their Sadar and "Other area" */
const majorAreas: Record<string, string[]> = {
  Chattogram: [
    'Kotwali',
    'Panchlaish',
    'Double Mooring',
    'Halishahar',
    'Pahartali',
    'Bayazid',
    'Chandgaon',
    'Khulshi',
    'Patenga',
    'Hathazari',
    'Patiya',
    'Sitakunda',
    'Raozan',
    'Boalkhali',
  ],
  Sylhet: ['Sylhet Sadar', 'Kotwali', 'Jalalabad', 'Shah Paran', 'Beanibazar', 'Golapganj', 'Companiganj'],
  Rajshahi: ['Boalia', 'Rajpara', 'Motihar', 'Shah Makhdum', 'Paba', 'Godagari', 'Bagha'],
  Khulna: ['Khulna Sadar', 'Sonadanga', 'Khalishpur', 'Daulatpur', 'Khan Jahan Ali', 'Dumuria', 'Phultala'],
  Barishal: ['Barishal Sadar', 'Kotwali', 'Bakerganj', 'Babuganj', 'Gournadi'],
  Rangpur: ['Rangpur Sadar', 'Kotwali', 'Mithapukur', 'Pirganj', 'Badarganj'],
  Mymensingh: ['Mymensingh Sadar', 'Kotwali', 'Trishal', 'Bhaluka', 'Muktagachha'],
  Cumilla: ['Cumilla Sadar', 'Kotwali', 'Chauddagram', 'Daudkandi', 'Laksam', 'Debidwar'],
  "Cox's Bazar": ["Cox's Bazar Sadar", 'Ramu', 'Teknaf', 'Ukhia', 'Chakaria'],
  Bogura: ['Bogura Sadar', 'Sherpur', 'Shibganj', 'Dhunat'],
  Jashore: ['Jashore Sadar', 'Benapole', 'Jhikargachha', 'Abhaynagar'],
  Tangail: ['Tangail Sadar', 'Mirzapur', 'Madhupur', 'Gopalpur'],
  Narsingdi: ['Narsingdi Sadar', 'Palash', 'Shibpur', 'Monohardi'],
  Munshiganj: ['Munshiganj Sadar', 'Sreenagar', 'Lohajang', 'Tongibari'],
  Manikganj: ['Manikganj Sadar', 'Singair', 'Saturia'],
}

const divisions: Record<string, string[]> = {
  Dhaka: [
    'Dhaka',
    'Faridpur',
    'Gazipur',
    'Gopalganj',
    'Kishoreganj',
    'Madaripur',
    'Manikganj',
    'Munshiganj',
    'Narayanganj',
    'Narsingdi',
    'Rajbari',
    'Shariatpur',
    'Tangail',
  ],
  Chattogram: [
    'Bandarban',
    'Brahmanbaria',
    'Chandpur',
    'Chattogram',
    "Cox's Bazar",
    'Cumilla',
    'Feni',
    'Khagrachhari',
    'Lakshmipur',
    'Noakhali',
    'Rangamati',
  ],
  Rajshahi: ['Bogura', 'Chapainawabganj', 'Joypurhat', 'Naogaon', 'Natore', 'Pabna', 'Rajshahi', 'Sirajganj'],
  Khulna: [
    'Bagerhat',
    'Chuadanga',
    'Jashore',
    'Jhenaidah',
    'Khulna',
    'Kushtia',
    'Magura',
    'Meherpur',
    'Narail',
    'Satkhira',
  ],
  Barishal: ['Barguna', 'Barishal', 'Bhola', 'Jhalokati', 'Patuakhali', 'Pirojpur'],
  Sylhet: ['Habiganj', 'Moulvibazar', 'Sunamganj', 'Sylhet'],
  Rangpur: [
    'Dinajpur',
    'Gaibandha',
    'Kurigram',
    'Lalmonirhat',
    'Nilphamari',
    'Panchagarh',
    'Rangpur',
    'Thakurgaon',
  ],
  Mymensingh: ['Jamalpur', 'Mymensingh', 'Netrokona', 'Sherpur'],
}

function areasOf(district: string): { name: string; zone: DeliveryZone }[] {
  if (district === 'Dhaka') {
    return [
      ...dhakaCity.map((name) => ({ name, zone: 'inside_dhaka' as const })),
      ...(suburbs.Dhaka ?? []).map((name) => ({ name, zone: 'dhaka_suburbs' as const })),
    ]
  }
  const suburb = suburbs[district]
  if (suburb) return suburb.map((name) => ({ name, zone: 'dhaka_suburbs' as const }))
  const names = majorAreas[district] ?? [`${district} Sadar`, 'Other area']
  return names.map((name) => ({ name, zone: 'outside_dhaka' as const }))
}

export const bdLocations: LocationDivision[] = Object.entries(divisions).map(([name, districts]) => ({
  name,
  districts: districts.map((district) => ({ name: district, areas: areasOf(district) })),
}))

/** The delivery zone of a division/district/area, or null when the place is not one of ours. */
export function zoneOf(division: string, district: string, area: string): DeliveryZone | null {
  const found = bdLocations
    .find((d) => d.name === division)
    ?.districts.find((d) => d.name === district)
    ?.areas.find((a) => a.name === area)
  return found?.zone ?? null
}
