/**
 * Who the demo tuners are: mostly UK garages and tuners, then the rest of Europe, a few from
 * further away. Names come from the region's common names, most common first (drawn with
 * falling weights, so that some surnames are frequent and many are rare, as in life).
 * Every e-mail domain ends in .example (RFC 2606): no demo address can reach a real mailbox.
 */
export interface Region {
  /** Country codes of shared/src/profile/countries.ts with their weights. */
  countries: readonly (readonly [code: string, weight: number])[];
  weight: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  cities: Readonly<Record<string, readonly string[]>>;
  /** Words a tuning business of the region puts in its name. */
  businessWords: readonly string[];
  /** Street names for addresses; the house number is drawn. */
  streets: readonly string[];
}

/** A list written as one comma-separated text (names may contain spaces: 'de Jong'). */
function words(text: string): string[] {
  return text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

export const REGIONS: readonly Region[] = [
  {
    weight: 46,
    countries: [
      ['GB', 90],
      ['IE', 10],
    ],
    firstNames: words(`
      James, Oliver, Jack, Harry, George, Thomas, Daniel, Matthew, Ryan, Liam, Connor, Callum,
      Jordan, Lewis, Adam, Luke, Jamie, Ben, Sam, Nathan, Craig, Scott, Lee, Darren, Gareth,
      Owen, Rhys, Kieran, Dean, Mark, Paul, Steven, Gary, Wayne, Emma, Sophie, Charlotte, Hannah,
      Chloe, Amy, Sean, Conor, Niall, Declan, Aoife, Cian, Fergus, Hamish, Ewan, Alfie
    `),
    lastNames: words(`
      Smith, Jones, Williams, Taylor, Brown, Davies, Evans, Wilson, Thomas, Johnson, Roberts,
      Robinson, Thompson, Wright, Walker, White, Edwards, Hughes, Green, Hall, Lewis, Harris,
      Clarke, Patel, Jackson, Wood, Turner, Martin, Cooper, Hill, Ward, Morris, Moore, Clark,
      Lee, King, Baker, Harrison, Morgan, Allen, James, Scott, Phillips, Watson, Davis, Parker,
      Price, Bennett, Young, Griffiths, Mitchell, Kelly, Cook, Carter, Richardson, Bailey,
      Collins, Bell, Shaw, Murphy, Miller, Cox, Richards, Khan, Marshall, Anderson, Simpson,
      Ellis, Adams, Singh, Begum, Wilkinson, Foster, Chapman, Powell, Webb, Rogers, Gray, Mason,
      Ali, Hunt, Hussain, Campbell, Matthews, Owen, Palmer, Holmes, Mills, Barnes, Knight, Lloyd,
      Butler, Russell, Barker, Fisher, Stevens, Jenkins, Dixon, Fletcher, Byrne, O'Brien, Ryan,
      Walsh, O'Sullivan, McCarthy, Doyle, Kennedy, Lynch, Quinn, Fitzgerald, McKenzie, Stewart,
      MacDonald, Fraser, Cartwright, Ashworth, Blackwood, Pemberton, Whitfield, Hargreaves,
      Ramsbottom, Thistlethwaite, Featherstone, Crowther, Illingworth
    `),
    cities: {
      GB: words(
        'London, Birmingham, Manchester, Leeds, Glasgow, Bristol, Sheffield, Cardiff, Nottingham, Leicester, Coventry, Newcastle, Belfast, Edinburgh, Swansea, Stoke-on-Trent, Derby, Wolverhampton, Preston, Bolton, Milton Keynes, Reading, Northampton, Norwich',
      ),
      IE: words('Dublin, Cork, Limerick, Galway, Waterford, Athlone, Kilkenny'),
    },
    businessWords: words(`
      Tuning, Remaps, Performance, Motorsport, Autos, Dyno, Garage, ECU Solutions, Diesel
    `),
    streets: words(
      'Station Road, High Street, Mill Lane, Church Street, Park Road, Victoria Road, Enterprise Way, Unit 4 Trade Park, Unit 12 Business Centre, Brunel Way',
    ),
  },
  {
    weight: 13,
    countries: [
      ['DE', 75],
      ['AT', 15],
      ['CH', 10],
    ],
    firstNames: words(`
      Lukas, Jonas, Leon, Felix, Maximilian, Paul, Tim, Jan, Tobias, Stefan, Michael, Andreas,
      Thomas, Markus, Florian, Sebastian, Daniel, Christian, Matthias, Julian, Niklas, Fabian,
      Dominik, Patrick, Sven, Jürgen, Anna, Lena, Julia, Sarah
    `),
    lastNames: words(`
      Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann,
      Schäfer, Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun,
      Krüger, Hofmann, Hartmann, Lange, Schmitt, Werner, Schmitz, Krause, Meier, Lehmann, Huber,
      Gruber, Pichler, Steiner, Moser, Brunner, Baumgartner, Vogel, Keller, Oberhuber, Kirchner,
      Falkenberg, Eichhorn, Rosenthal, Waldmann, Zeilinger, Ostermeier
    `),
    cities: {
      DE: words(
        'Berlin, Hamburg, München, Köln, Frankfurt, Stuttgart, Düsseldorf, Leipzig, Dortmund, Essen, Bremen, Nürnberg',
      ),
      AT: words('Wien, Graz, Linz, Salzburg, Innsbruck'),
      CH: words('Zürich, Basel, Bern, Luzern, St. Gallen'),
    },
    businessWords: ['Tuning', 'Chiptuning', 'Motorsport', 'Performance', 'Kfz', 'Leistung', 'Dyno'],
    streets: words('Hauptstraße, Bahnhofstraße, Industriestraße, Gewerbepark, Schulstraße, Werkstraße'),
  },
  {
    weight: 9,
    countries: [
      ['FR', 80],
      ['BE', 12],
      ['LU', 8],
    ],
    firstNames: words(`
      Lucas, Hugo, Louis, Gabriel, Arthur, Jules, Nathan, Théo, Antoine, Nicolas, Julien, Maxime,
      Alexandre, Guillaume, Romain, Quentin, Kevin, Mathieu, Pierre, Olivier, Camille, Manon,
      Léa, Chloé, Thomas, Benoît, Cédric, Yannick
    `),
    lastNames: words(`
      Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon,
      Laurent, Lefebvre, Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier, Morel, Girard,
      André, Lefèvre, Mercier, Dupont, Lambert, Bonnet, François, Martinez, Peeters, Janssens,
      Maes, Jacobs, Willems, Claes, Goossens, Wouters, Delacroix, Beaumont, Chevalier, Marchand,
      Fontaine, Rousseau, Lacombe, Vasseur
    `),
    cities: {
      FR: words('Paris, Lyon, Marseille, Toulouse, Lille, Bordeaux, Nantes, Strasbourg, Rennes, Reims'),
      BE: words('Brussels, Antwerp, Ghent, Liège, Charleroi, Bruges'),
      LU: words('Luxembourg, Esch-sur-Alzette, Differdange'),
    },
    businessWords: ['Reprog', 'Tuning', 'Performance', 'Auto', 'Moteur', 'Racing'],
    streets: words(
      'Rue de la Gare, Zone Industrielle, Avenue Jean Jaurès, Rue Victor Hugo, Chaussée de Mons',
    ),
  },
  {
    weight: 7,
    countries: [['NL', 100]],
    firstNames: words(`
      Daan, Sem, Lucas, Levi, Finn, Jesse, Milan, Thijs, Bram, Ruben, Lars, Joris, Sander, Niels,
      Stijn, Bas, Jeroen, Wouter, Sanne, Lotte
    `),
    lastNames: words(`
      de Jong, Jansen, de Vries, van den Berg, van Dijk, Bakker, Janssen, Visser, Smit, Meijer,
      de Boer, Mulder, de Groot, Bos, Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer,
      de Wit, Dijkstra, Smits, de Graaf, van der Meer, Kuipers, Verhoeven, Hoekstra, Veenstra
    `),
    cities: { NL: words('Amsterdam, Rotterdam, Den Haag, Utrecht, Eindhoven, Groningen, Tilburg, Breda') },
    businessWords: ['Tuning', 'Chiptuning', 'Performance', 'Autotechniek', 'Motorsport'],
    streets: words('Dorpsstraat, Industrieweg, Kerkstraat, Stationsweg, Ambachtsweg'),
  },
  {
    weight: 10,
    countries: [
      ['ES', 35],
      ['IT', 40],
      ['PT', 15],
      ['GR', 10],
    ],
    firstNames: words(`
      Alejandro, Pablo, Javier, Carlos, Sergio, David, Daniel, Adrián, Marco, Luca, Matteo,
      Alessandro, Francesco, Lorenzo, Andrea, Davide, Simone, João, Pedro, Tiago, Rui, Nikos,
      Giorgos, Dimitris, Lucía, Giulia, María, Sofia
    `),
    lastNames: words(`
      García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Ruiz,
      Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno,
      Gallo, Conti, De Luca, Costa, Silva, Santos, Ferreira, Pereira, Oliveira, Rodrigues,
      Papadopoulos, Nikolaidis, Georgiou, Moretti, Barbieri, Fontana, Navarro, Iglesias
    `),
    cities: {
      ES: words('Madrid, Barcelona, Valencia, Sevilla, Bilbao, Málaga, Zaragoza'),
      IT: words('Milano, Roma, Torino, Bologna, Napoli, Firenze, Modena, Brescia'),
      PT: words('Lisboa, Porto, Braga, Coimbra'),
      GR: words('Athens, Thessaloniki, Patras'),
    },
    businessWords: ['Tuning', 'Racing', 'Motorsport', 'Performance', 'Elaborazioni', 'Potencia'],
    streets: words('Calle Mayor, Via Roma, Polígono Industrial, Rua Direita, Via Garibaldi, Odos Ermou'),
  },
  {
    weight: 9,
    countries: [
      ['PL', 45],
      ['CZ', 20],
      ['SK', 8],
      ['HU', 12],
      ['RO', 10],
      ['LT', 5],
    ],
    firstNames: words(`
      Jakub, Kacper, Szymon, Mateusz, Piotr, Tomasz, Paweł, Michał, Krzysztof, Marcin, Jan, Petr,
      Martin, Tomáš, Lukáš, Ondřej, Bence, Levente, Dániel, Andrei, Alexandru, Mihai, Tomas,
      Mantas, Agnieszka, Katarzyna
    `),
    lastNames: words(`
      Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński,
      Szymański, Woźniak, Dąbrowski, Kozłowski, Jankowski, Mazur, Novák, Svoboda, Novotný,
      Dvořák, Černý, Procházka, Horváth, Kovács, Tóth, Szabó, Nagy, Popescu, Ionescu, Popa,
      Kazlauskas, Jankauskas, Grabowski, Pawlak, Michalski, Król, Wieczorek
    `),
    cities: {
      PL: words('Warszawa, Kraków, Łódź, Wrocław, Poznań, Gdańsk, Katowice'),
      CZ: words('Praha, Brno, Ostrava, Plzeň'),
      SK: words('Bratislava, Košice, Žilina'),
      HU: words('Budapest, Debrecen, Szeged, Győr'),
      RO: words('București, Cluj-Napoca, Timișoara, Iași'),
      LT: words('Vilnius, Kaunas, Klaipėda'),
    },
    businessWords: ['Tuning', 'Chiptuning', 'Motorsport', 'Performance', 'Auto Serwis', 'Dyno'],
    streets: words('ul. Przemysłowa, ul. Warszawska, Průmyslová, Fő utca, Strada Industriilor, Pramonės g.'),
  },
  {
    weight: 6,
    countries: [
      ['SE', 35],
      ['NO', 25],
      ['DK', 25],
      ['FI', 15],
    ],
    firstNames: words(`
      Erik, Lars, Anders, Johan, Magnus, Mikael, Oskar, Emil, Viktor, Henrik, Kristian, Mads,
      Rasmus, Jesper, Ole, Mikko, Juha, Antti, Elin, Ida
    `),
    lastNames: words(`
      Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson,
      Gustafsson, Hansen, Johansen, Olsen, Larsen, Andersen, Pedersen, Nielsen, Jensen,
      Christensen, Berg, Korhonen, Virtanen, Mäkinen, Nieminen, Lindqvist, Sundberg, Holmgren,
      Haugland
    `),
    cities: {
      SE: words('Stockholm, Göteborg, Malmö, Uppsala, Västerås'),
      NO: words('Oslo, Bergen, Trondheim, Stavanger'),
      DK: words('København, Aarhus, Odense, Aalborg'),
      FI: words('Helsinki, Espoo, Tampere, Turku'),
    },
    businessWords: ['Tuning', 'Motorsport', 'Performance', 'Bil', 'Dyno'],
    streets: words('Storgatan, Industrivägen, Hovedgaden, Teollisuustie, Strandvejen'),
  },
  {
    weight: 5,
    countries: [
      ['AE', 25],
      ['US', 20],
      ['AU', 20],
      ['ZA', 15],
      ['TR', 20],
    ],
    firstNames: words(`
      Mohammed, Ahmed, Omar, Yusuf, Michael, Chris, Josh, Tyler, Jack, Mitchell, Thabo, Sipho,
      Emre, Burak, Mehmet, Can, Brandon, Ashley
    `),
    lastNames: words(`
      Al Mansouri, Al Hashimi, Haddad, Rahman, Miller, Johnson, Davis, Rodriguez, Nguyen, Wilson,
      Smith, Kelly, Botha, Nkosi, van der Merwe, Yılmaz, Kaya, Demir, Şahin, Çelik
    `),
    cities: {
      AE: words('Dubai, Abu Dhabi, Sharjah'),
      US: words('Houston, Phoenix, Dallas, Miami, Detroit'),
      AU: words('Sydney, Melbourne, Brisbane, Perth'),
      ZA: words('Johannesburg, Cape Town, Durban, Pretoria'),
      TR: words('İstanbul, Ankara, İzmir, Bursa'),
    },
    businessWords: ['Tuning', 'Performance', 'Motorsport', 'Racing', 'Auto', 'Dyno'],
    streets: words('Sheikh Zayed Road, Main Street, Industrial Area 4, Sanayi Caddesi, Voortrekker Road'),
  },
];

/** Free-mail look-alikes (under .example): about a quarter of tuners use one. */
export const FREE_MAIL_DOMAINS = [
  'gmail.example',
  'outlook.example',
  'hotmail.example',
  'yahoo.example',
  'icloud.example',
  'gmx.example',
  'web.example',
  'orange.example',
  'libero.example',
  'wp.example',
] as const;

/** The portal's own staff (the demo admins) write from here. */
export const STAFF_DOMAIN = 'ecu-portal.example';

/** Diacritics and spaces out, for e-mail local parts and domains. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ı/g, 'i')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
