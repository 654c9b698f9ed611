// Product groups and their categories. Names: de|en|fr|es|it|nl|pl|hu|cs.
// kat_id = pg * 100 + position (pg 888: 88801…). Groups 90 (promotions) and 91 (new products) are
// computed by the catalogue (mcode 0..4 / ist_neuheit) and have no categories of their own.

export interface GroupDef { pg: number; sort: number; names: string; cats: [key: string, names: string][] }

export const GROUPS: GroupDef[] = [
  { pg: 1, sort: 1, names: 'Zähne|Teeth|Dents|Dientes|Denti|Tanden|Zęby|Fogak|Zuby', cats: [
    ['front', 'Frontzähne|Anterior teeth|Dents antérieures|Dientes anteriores|Denti anteriori|Fronttanden|Zęby przednie|Frontfogak|Frontální zuby'],
    ['seite', 'Seitenzähne|Posterior teeth|Dents postérieures|Dientes posteriores|Denti posteriori|Posterieure tanden|Zęby boczne|Oldalfogak|Postranní zuby'],
    ['garnituren', 'Garnituren|Full sets|Garnitures complètes|Juegos completos|Set completi|Volledige sets|Komplety zębów|Fogkészletek|Kompletní sady zubů'],
    ['composite', 'Composite-Zähne|Composite teeth|Dents en composite|Dientes de composite|Denti in composito|Composiet tanden|Zęby kompozytowe|Kompozit fogak|Kompozitní zuby'],
    ['interim', 'Interimszähne|Interim teeth|Dents provisoires|Dientes provisionales|Denti provvisori|Tijdelijke tanden|Zęby tymczasowe|Ideiglenes fogak|Provizorní zuby'],
    ['zahnzubehoer', 'Zahnzubehör|Tooth accessories|Accessoires pour dents|Accesorios para dientes|Accessori per denti|Tandaccessoires|Akcesoria do zębów|Fogtartozékok|Příslušenství k zubům'],
  ] },
  { pg: 2, sort: 2, names: 'Legierungen|Alloys|Alliages|Aleaciones|Leghe|Legeringen|Stopy|Ötvözetek|Slitiny', cats: [
    ['hochgold', 'Hochgoldhaltige Legierungen|High-gold alloys|Alliages à haute teneur en or|Aleaciones de alto contenido en oro|Leghe ad alto contenuto d’oro|Hooggoudhoudende legeringen|Stopy o wysokiej zawartości złota|Magas aranytartalmú ötvözetek|Slitiny s vysokým obsahem zlata'],
    ['palladium', 'Palladiumbasis-Legierungen|Palladium-based alloys|Alliages à base de palladium|Aleaciones a base de paladio|Leghe a base di palladio|Palladiumlegeringen|Stopy na bazie palladu|Palládium alapú ötvözetek|Slitiny na bázi palladia'],
    ['nem', 'NEM-Aufbrennlegierungen|Non-precious bonding alloys|Alliages non précieux céramo-métalliques|Aleaciones no preciosas para cerámica|Leghe non preziose per ceramica|Niet-edelmetaal opbaklegeringen|Stopy nieszlachetne do napalania|Nemesfémmentes ráégethető ötvözetek|Neušlechtilé slitiny pro napalování'],
    ['modellguss', 'Modellgusslegierungen|Model casting alloys|Alliages pour châssis|Aleaciones para esqueléticos|Leghe per scheletrati|Modelgietlegeringen|Stopy do protez szkieletowych|Modellöntő ötvözetek|Slitiny pro modelové odlitky'],
    ['lote', 'Lote & Laserdraht|Solders & laser wire|Brasures & fil laser|Soldaduras y alambre láser|Saldature e filo laser|Soldeer & laserdraad|Luty i drut laserowy|Forraszok és lézerhuzal|Pájky a laserový drát'],
    ['titan', 'Titan & Galvano|Titanium & electroforming|Titane & galvanoplastie|Titanio y galvanoformación|Titanio e galvanoformatura|Titanium & galvano|Tytan i galwanoformowanie|Titán és galvanizálás|Titan a galvanoplastika'],
  ] },
  { pg: 3, sort: 3, names: 'Keramik|Ceramics|Céramique|Cerámica|Ceramica|Keramiek|Ceramika|Kerámia|Keramika', cats: [
    ['verblend', 'Verblendkeramik|Veneering ceramics|Céramique cosmétique|Cerámica de recubrimiento|Ceramica da rivestimento|Opbakkeramiek|Ceramika licująca|Leplező kerámia|Fazetovací keramika'],
    ['press', 'Presskeramik|Press ceramics|Céramique pressée|Cerámica inyectada|Ceramica pressabile|Perskeramiek|Ceramika prasowana|Préskerámia|Lisovaná keramika'],
    ['malfarben', 'Malfarben & Glasuren|Stains & glazes|Maquillants & glaçures|Maquillajes y glaseados|Supercolori e glasure|Kleurstoffen & glazuren|Farby i glazury|Festékek és glazúrok|Barvy a glazury'],
    ['zirkon', 'Zirkonoxid-Blanks|Zirconia blanks|Disques en zircone|Discos de zirconio|Dischi in zirconia|Zirkonia blanks|Krążki cyrkonowe|Cirkónium-oxid korongok|Zirkonové disky'],
    ['fluessig', 'Modellierflüssigkeiten|Modelling liquids|Liquides de modelage|Líquidos de modelado|Liquidi di modellazione|Modelleervloeistoffen|Płyny do modelowania|Modellező folyadékok|Modelovací tekutiny'],
    ['brenn', 'Brennhilfsmittel|Firing aids|Accessoires de cuisson|Accesorios de cocción|Accessori di cottura|Bakhulpmiddelen|Akcesoria do wypalania|Égetési segédanyagok|Vypalovací pomůcky'],
  ] },
  { pg: 4, sort: 4, names: 'Gips & Einbettmassen|Plaster & investments|Plâtres & revêtements|Yesos y revestimientos|Gessi e rivestimenti|Gips & inbedmassa’s|Gipsy i masy osłaniające|Gipszek és beágyazóanyagok|Sádry a zatmelovací hmoty', cats: [
    ['sh4', 'Superhartgips Klasse 4|Die stone type 4|Plâtre extra-dur classe 4|Yeso extraduro tipo 4|Gesso extraduro classe 4|Superhard gips klasse 4|Gips supertwardy klasy 4|Szuperkemény gipsz 4. osztály|Supertvrdá sádra třídy 4'],
    ['hg3', 'Hartgips Klasse 3|Dental stone type 3|Plâtre dur classe 3|Yeso duro tipo 3|Gesso duro classe 3|Hardgips klasse 3|Gips twardy klasy 3|Kemény gipsz 3. osztály|Tvrdá sádra třídy 3'],
    ['alabaster', 'Alabastergips Klasse 2|Model plaster type 2|Plâtre d’albâtre classe 2|Yeso de alabastro tipo 2|Gesso alabastrino classe 2|Albastgips klasse 2|Gips alabastrowy klasy 2|Alabástromgipsz 2. osztály|Alabastrová sádra třídy 2'],
    ['einbett_p', 'Einbettmassen phosphatgebunden|Phosphate-bonded investments|Revêtements à liant phosphate|Revestimientos fosfatados|Rivestimenti fosfatici|Fosfaatgebonden inbedmassa’s|Masy osłaniające fosforanowe|Foszfátkötésű beágyazóanyagok|Fosfátové zatmelovací hmoty'],
    ['einbett_g', 'Einbettmassen gipsgebunden|Gypsum-bonded investments|Revêtements à liant plâtre|Revestimientos de yeso|Rivestimenti a base di gesso|Gipsgebonden inbedmassa’s|Masy osłaniające gipsowe|Gipszkötésű beágyazóanyagok|Sádrové zatmelovací hmoty'],
    ['anmisch', 'Anmischflüssigkeiten|Mixing liquids|Liquides de mélange|Líquidos de mezcla|Liquidi di miscelazione|Mengvloeistoffen|Płyny do mieszania|Keverőfolyadékok|Míchací tekutiny'],
    ['dublier', 'Dubliermassen|Duplicating materials|Matériaux de duplication|Materiales de duplicado|Materiali per duplicazione|Dubleermassa’s|Masy do dublowania|Dublírozó anyagok|Dublovací hmoty'],
  ] },
  { pg: 5, sort: 5, names: 'Kunststoffe & Prothetik|Resins & prosthetics|Résines & prothèse|Resinas y prótesis|Resine e protesi|Kunststoffen & prothetiek|Tworzywa i protetyka|Műanyagok és fogpótlás|Pryskyřice a protetika', cats: [
    ['heiss', 'Heißpolymerisate|Heat-curing resins|Résines thermopolymérisables|Resinas termopolimerizables|Resine termopolimerizzabili|Warmpolymeriserende kunststoffen|Tworzywa polimeryzowane na gorąco|Melegen polimerizálódó műanyagok|Teplem polymerující pryskyřice'],
    ['kalt', 'Kaltpolymerisate|Cold-curing resins|Résines autopolymérisables|Resinas autopolimerizables|Resine autopolimerizzabili|Koudpolymeriserende kunststoffen|Tworzywa samopolimeryzujące|Hidegen polimerizálódó műanyagok|Samopolymerující pryskyřice'],
    ['komposit', 'Verblendkomposite|Veneering composites|Composites cosmétiques|Composites de recubrimiento|Compositi da rivestimento|Opbakcomposieten|Kompozyty licujące|Leplező kompozitok|Fazetovací kompozity'],
    ['folien', 'Tiefziehfolien|Thermoforming foils|Feuilles de thermoformage|Láminas de termoformado|Fogli per termoformatura|Dieptrekfolies|Folie do termoformowania|Mélyhúzó fóliák|Termoformovací fólie'],
    ['unterfuett', 'Unterfütterungsmaterial|Relining materials|Matériaux de rebasage|Materiales de rebase|Materiali per ribasatura|Rebasingmateriaal|Materiały do podścielania|Alábélelő anyagok|Podkládací materiály'],
    ['isolier', 'Isolier- & Hilfsmittel|Separators & auxiliaries|Isolants & auxiliaires|Aislantes y auxiliares|Isolanti e ausiliari|Isolatie- & hulpmiddelen|Izolatory i środki pomocnicze|Szigetelők és segédanyagok|Izolace a pomocné prostředky'],
  ] },
  { pg: 6, sort: 6, names: 'Fräser & Polierer|Burs & polishers|Fraises & polissoirs|Fresas y pulidores|Frese e gommini|Frezen & polijsters|Frezy i polerki|Marók és polírozók|Frézy a leštidla', cats: [
    ['hm', 'Hartmetallfräser|Tungsten carbide burs|Fraises en carbure de tungstène|Fresas de carburo de tungsteno|Frese in carburo di tungsteno|Hardmetalen frezen|Frezy z węglika spiekanego|Keményfém marók|Tvrdokovové frézy'],
    ['dia', 'Diamantschleifer|Diamond burs|Fraises diamantées|Fresas de diamante|Frese diamantate|Diamantslijpers|Wiertła diamentowe|Gyémánt csiszolók|Diamantové brusky'],
    ['polierer', 'Polierer|Polishers|Polissoirs|Pulidores|Gommini|Polijsters|Polerki|Polírozók|Leštičky'],
    ['trenn', 'Trennscheiben|Cutting discs|Disques à séparer|Discos de corte|Dischi separatori|Doorslijpschijven|Tarcze tnące|Vágókorongok|Separační disky'],
    ['buersten', 'Polierbürsten & Schwabbel|Polishing brushes & buffs|Brossettes & disques de polissage|Cepillos y discos de pulido|Spazzolini e dischi per lucidatura|Polijstborstels & schijven|Szczotki i filce polerskie|Polírozó kefék és korongok|Lešticí kartáčky a kotouče'],
    ['keramikschl', 'Keramikschleifer|Ceramic grinders|Meulettes pour céramique|Muelas para cerámica|Mole per ceramica|Keramiekslijpers|Ściernice do ceramiki|Kerámia csiszolók|Brusky na keramiku'],
    ['pasten', 'Polierpasten|Polishing pastes|Pâtes à polir|Pastas de pulido|Paste per lucidatura|Polijstpasta’s|Pasty polerskie|Polírpaszták|Lešticí pasty'],
    ['saetze', 'Fräsersätze|Bur sets|Coffrets de fraises|Juegos de fresas|Kit di frese|Frezensets|Zestawy frezów|Marókészletek|Sady fréz'],
  ] },
  { pg: 7, sort: 7, names: 'Geräte|Equipment|Appareils|Equipos|Apparecchiature|Apparatuur|Urządzenia|Készülékek|Přístroje', cats: [
    ['oefen', 'Keramiköfen|Ceramic furnaces|Fours céramiques|Hornos de cerámica|Forni per ceramica|Keramiekovens|Piece do ceramiki|Kerámiakemencék|Keramické pece'],
    ['guss', 'Gussgeräte|Casting machines|Appareils de coulée|Equipos de colado|Apparecchi di fusione|Gietapparaten|Urządzenia odlewnicze|Öntőkészülékek|Licí přístroje'],
    ['vorwaerm', 'Vorwärmöfen|Preheating furnaces|Fours de préchauffage|Hornos de precalentamiento|Forni di preriscaldo|Voorverwarmovens|Piece do wygrzewania|Előmelegítő kemencék|Předehřívací pece'],
    ['absaug', 'Absauganlagen|Extraction units|Systèmes d’aspiration|Sistemas de aspiración|Sistemi di aspirazione|Afzuiginstallaties|Systemy odciągowe|Elszívó berendezések|Odsávací zařízení'],
    ['handstueck', 'Handstücke & Mikromotoren|Handpieces & micromotors|Pièces à main & micromoteurs|Piezas de mano y micromotores|Manipoli e micromotori|Handstukken & micromotoren|Prostnice i mikrosilniki|Kézidarabok és mikromotorok|Násadce a mikromotory'],
    ['strahl', 'Sandstrahlgeräte|Sandblasters|Sableuses|Arenadoras|Sabbiatrici|Zandstraalapparaten|Piaskarki|Homokfúvók|Pískovačky'],
    ['dampf', 'Dampfstrahler|Steam cleaners|Nettoyeurs à vapeur|Limpiadores a vapor|Pulitrici a vapore|Stoomreinigers|Myjki parowe|Gőztisztítók|Parní čističe'],
    ['anmischger', 'Vakuum-Anmischgeräte|Vacuum mixers|Malaxeurs sous vide|Mezcladoras al vacío|Miscelatori sottovuoto|Vacuümmengers|Mieszadła próżniowe|Vákuumos keverők|Vakuové míchačky'],
    ['trimmer', 'Modelltrimmer & Pinbohrgeräte|Model trimmers & pin drills|Taille-plâtres & perceuses à pins|Recortadoras y taladros de pins|Squadramodelli e trapani per pin|Modeltrimmers & pinboormachines|Przycinarki i wiertarki do pinów|Modellvágók és csapfúrók|Ořezávačky modelů a vrtačky pinů'],
    ['licht', 'Lichthärtgeräte|Light-curing units|Appareils de photopolymérisation|Unidades de fotopolimerización|Unità di fotopolimerizzazione|Lichtuithardingsapparaten|Urządzenia do polimeryzacji światłem|Fénypolimerizáló készülékek|Polymerační přístroje'],
    ['tiefzieh', 'Tiefziehgeräte|Thermoforming units|Thermoformeuses|Termoformadoras|Termoformatrici|Dieptrekapparaten|Urządzenia do termoformowania|Mélyhúzó készülékek|Termoformovací přístroje'],
  ] },
  { pg: 8, sort: 8, names: 'Ersatzteile|Spare parts|Pièces détachées|Repuestos|Ricambi|Reserveonderdelen|Części zamienne|Alkatrészek|Náhradní díly', cats: [
    ['et_oefen', 'Ersatzteile Öfen|Furnace spare parts|Pièces pour fours|Repuestos para hornos|Ricambi per forni|Onderdelen voor ovens|Części do pieców|Kemence alkatrészek|Náhradní díly pro pece'],
    ['et_guss', 'Ersatzteile Gussgeräte|Casting machine spare parts|Pièces pour appareils de coulée|Repuestos para equipos de colado|Ricambi per apparecchi di fusione|Onderdelen voor gietapparaten|Części do urządzeń odlewniczych|Öntőkészülék alkatrészek|Náhradní díly pro licí přístroje'],
    ['et_absaug', 'Ersatzteile Absaugung|Extraction spare parts|Pièces pour aspiration|Repuestos para aspiración|Ricambi per aspirazione|Onderdelen voor afzuiging|Części do odciągów|Elszívó alkatrészek|Náhradní díly pro odsávání'],
    ['et_hand', 'Ersatzteile Handstücke|Handpiece spare parts|Pièces pour pièces à main|Repuestos para piezas de mano|Ricambi per manipoli|Onderdelen voor handstukken|Części do prostnic|Kézidarab alkatrészek|Náhradní díly pro násadce'],
    ['et_strahl', 'Ersatzteile Strahl- & Dampfgeräte|Blasting & steam unit spare parts|Pièces pour sableuses & vapeur|Repuestos para arenadoras y vapor|Ricambi per sabbiatrici e vapore|Onderdelen voor straal- & stoomapparaten|Części do piaskarek i myjek|Homokfúvó és gőzölő alkatrészek|Náhradní díly pro pískovačky a parní čističe'],
    ['et_sonst', 'Ersatzteile sonstige Geräte|Other equipment spare parts|Pièces pour autres appareils|Repuestos para otros equipos|Ricambi per altri apparecchi|Onderdelen voor overige apparaten|Części do innych urządzeń|Egyéb készülék alkatrészek|Náhradní díly pro ostatní přístroje'],
  ] },
  { pg: 9, sort: 9, names: 'Intern|Internal|Interne|Interno|Interno|Intern|Wewnętrzne|Belső|Interní', cats: [
    ['versand', 'Versandkosten|Shipping costs|Frais de port|Gastos de envío|Spese di spedizione|Verzendkosten|Koszty wysyłki|Szállítási költségek|Poštovné'],
    ['zuschlag', 'Zuschläge|Surcharges|Suppléments|Recargos|Supplementi|Toeslagen|Dopłaty|Felárak|Příplatky'],
    ['service_p', 'Service-Pauschalen|Service flat rates|Forfaits de service|Tarifas de servicio|Forfait di assistenza|Servicetarieven|Ryczałty serwisowe|Szolgáltatási átalányok|Servisní paušály'],
    ['retoure', 'Retourentickets|Return tickets|Bons de retour|Tiques de devolución|Biglietti di reso|Retourtickets|Bilety zwrotu|Visszaküldési jegyek|Vratné lístky'],
    ['gutschein', 'Gutscheine|Vouchers|Bons d’achat|Vales|Buoni|Waardebonnen|Bony|Utalványok|Poukázky'],
    ['muster', 'Musterartikel|Samples|Échantillons|Muestras|Campioni|Monsters|Próbki|Minták|Vzorky'],
  ] },
  { pg: 10, sort: 10, names: 'CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM|CAD/CAM', cats: [
    ['pmma', 'PMMA-Ronden|PMMA discs|Disques PMMA|Discos de PMMA|Dischi in PMMA|PMMA-schijven|Krążki PMMA|PMMA korongok|PMMA disky'],
    ['wachsronden', 'Wachsronden|Wax discs|Disques en cire|Discos de cera|Dischi in cera|Wasschijven|Krążki woskowe|Viaszkorongok|Voskové disky'],
    ['nemronden', 'NEM-Ronden|CoCr discs|Disques CoCr|Discos de CoCr|Dischi in CoCr|CoCr-schijven|Krążki CoCr|CoCr korongok|CoCr disky'],
    ['bloecke', 'Glaskeramik-Blöcke|Glass-ceramic blocks|Blocs vitrocéramiques|Bloques de vitrocerámica|Blocchetti in vetroceramica|Glaskeramiekblokken|Bloczki szkło-ceramiczne|Üvegkerámia blokkok|Sklokeramické bloky'],
    ['tools', 'CAD/CAM-Fräswerkzeuge|CAD/CAM milling tools|Outils de fraisage CFAO|Herramientas de fresado CAD/CAM|Utensili di fresatura CAD/CAM|CAD/CAM-freesgereedschap|Narzędzia frezujące CAD/CAM|CAD/CAM marószerszámok|Frézovací nástroje CAD/CAM'],
    ['druck', '3D-Druck-Harze|3D printing resins|Résines d’impression 3D|Resinas de impresión 3D|Resine per stampa 3D|3D-printharsen|Żywice do druku 3D|3D nyomtató gyanták|Pryskyřice pro 3D tisk'],
    ['maschinen', 'Scanner & Fräsmaschinen|Scanners & milling machines|Scanners & fraiseuses|Escáneres y fresadoras|Scanner e fresatrici|Scanners & freesmachines|Skanery i frezarki|Szkennerek és marógépek|Skenery a frézky'],
    ['scanzub', 'Scanspray & Zubehör|Scan spray & accessories|Spray de scannage & accessoires|Spray de escaneado y accesorios|Spray per scansione e accessori|Scanspray & accessoires|Spray do skanowania i akcesoria|Szkenner spray és tartozékok|Skenovací sprej a příslušenství'],
  ] },
  { pg: 11, sort: 11, names: 'Abformung & Modellherstellung|Impressions & model making|Empreintes & modèles|Impresiones y modelos|Impronte e modelli|Afdrukken & modelvervaardiging|Wyciski i modele|Lenyomat és modellkészítés|Otisky a výroba modelů', cats: [
    ['loeffel', 'Abformlöffel|Impression trays|Porte-empreintes|Cubetas de impresión|Portaimpronte|Afdruklepels|Łyżki wyciskowe|Lenyomatkanalak|Otiskovací lžíce'],
    ['abform', 'Abformmaterialien|Impression materials|Matériaux d’empreinte|Materiales de impresión|Materiali da impronta|Afdrukmaterialen|Masy wyciskowe|Lenyomatanyagok|Otiskovací hmoty'],
    ['modellsys', 'Modellsysteme & Pins|Model systems & pins|Systèmes de modèles & pins|Sistemas de modelos y pins|Sistemi per modelli e pin|Modelsystemen & pins|Systemy modeli i piny|Modellrendszerek és csapok|Modelové systémy a piny'],
    ['sockel', 'Sockelplatten & Splitcast|Base plates & split cast|Socles & split cast|Zócalos y split cast|Basi e split cast|Sokkelplaten & splitcast|Płytki cokołowe i split cast|Talplemezek és split cast|Soklové destičky a split cast'],
    ['wachse', 'Modellier- & Gusswachse|Modelling & casting waxes|Cires de modelage & coulée|Ceras de modelado y colado|Cere da modellazione e fusione|Modelleer- & gietwassen|Woski do modelowania i odlewów|Modellező és öntőviaszok|Modelovací a licí vosky'],
    ['artik', 'Artikulatoren|Articulators|Articulateurs|Articuladores|Articolatori|Articulatoren|Artykulatory|Artikulátorok|Artikulátory'],
    ['lacke', 'Stumpflacke & Separierung|Die lacquers & separators|Vernis pour moignons & séparateurs|Barnices para muñones y separadores|Lacche per monconi e separatori|Stomplakken & separatie|Lakiery do kikutów i separatory|Csonklakkok és szeparálók|Laky na pahýly a separátory'],
  ] },
  { pg: 12, sort: 12, names: 'Verbrauchsmaterial|Consumables|Consommables|Consumibles|Materiali di consumo|Verbruiksmateriaal|Materiały eksploatacyjne|Fogyóanyagok|Spotřební materiál', cats: [
    ['strahlmittel', 'Strahlmittel|Blasting media|Abrasifs de sablage|Abrasivos de chorreado|Abrasivi per sabbiatura|Straalmiddelen|Materiały do piaskowania|Szemcseszóró anyagok|Pískovací materiály'],
    ['einweg', 'Einwegartikel|Disposables|Articles à usage unique|Artículos desechables|Articoli monouso|Wegwerpartikelen|Artykuły jednorazowe|Egyszer használatos termékek|Jednorázové potřeby'],
    ['hygiene', 'Reinigung & Desinfektion|Cleaning & disinfection|Nettoyage & désinfection|Limpieza y desinfección|Pulizia e disinfezione|Reiniging & desinfectie|Czyszczenie i dezynfekcja|Tisztítás és fertőtlenítés|Čištění a dezinfekce'],
    ['pinsel', 'Pinsel|Brushes|Pinceaux|Pinceles|Pennelli|Penselen|Pędzelki|Ecsetek|Štětce'],
    ['instrumente', 'Modellierinstrumente|Modelling instruments|Instruments de modelage|Instrumentos de modelado|Strumenti da modellazione|Modelleerinstrumenten|Narzędzia do modelowania|Modellező eszközök|Modelovací nástroje'],
    ['schutz', 'Arbeitsschutz|Occupational safety|Protection au travail|Protección laboral|Protezione sul lavoro|Arbeidsbescherming|Ochrona pracy|Munkavédelem|Ochrana při práci'],
    ['versandmat', 'Versand- & Verpackungsmaterial|Shipping & packaging|Emballage & expédition|Envío y embalaje|Spedizione e imballaggio|Verzend- & verpakkingsmateriaal|Materiały wysyłkowe i opakowania|Szállítási és csomagolóanyagok|Přepravní a obalový materiál'],
  ] },
  { pg: 90, sort: 100, names: 'Aktionen|Promotions|Promotions|Promociones|Promozioni|Acties|Promocje|Akciók|Akce', cats: [] },
  { pg: 91, sort: 101, names: 'Neuheiten|New products|Nouveautés|Novedades|Novità|Nieuw|Nowości|Újdonságok|Novinky', cats: [] },
  { pg: 0, sort: 102, names: 'Sonstiges|Miscellaneous|Divers|Varios|Varie|Overig|Inne|Egyéb|Ostatní', cats: [
    ['literatur', 'Fachliteratur|Specialist literature|Littérature spécialisée|Literatura especializada|Letteratura specializzata|Vakliteratuur|Literatura fachowa|Szakirodalom|Odborná literatura'],
    ['buero', 'Büro- & Laborbedarf|Office & lab supplies|Fournitures de bureau & labo|Material de oficina y laboratorio|Forniture per ufficio e laboratorio|Kantoor- & laboratoriumbenodigdheden|Artykuły biurowe i laboratoryjne|Irodai és laborkellékek|Kancelářské a laboratorní potřeby'],
    ['kurse', 'Schulungen & Kurse|Training & courses|Formations & cours|Formación y cursos|Formazione e corsi|Trainingen & cursussen|Szkolenia i kursy|Képzések és tanfolyamok|Školení a kurzy'],
    ['werbe', 'Werbemittel|Promotional items|Articles promotionnels|Artículos promocionales|Articoli promozionali|Promotieartikelen|Materiały reklamowe|Reklámanyagok|Reklamní předměty'],
    ['geschenk', 'Geschenkartikel|Gift items|Articles cadeaux|Artículos de regalo|Articoli regalo|Cadeauartikelen|Upominki|Ajándéktárgyak|Dárkové předměty'],
    ['sonst_zub', 'Sonstiges Zubehör|Other accessories|Autres accessoires|Otros accesorios|Altri accessori|Overige accessoires|Inne akcesoria|Egyéb tartozékok|Ostatní příslušenství'],
  ] },
  { pg: 888, sort: 103, names: 'Restposten|Clearance|Fins de série|Liquidación|Rimanenze|Restpartijen|Wyprzedaż|Kiárusítás|Doprodej', cats: [
    ['rp_zaehne', 'Restposten Zähne|Clearance teeth|Fins de série dents|Liquidación dientes|Rimanenze denti|Restpartijen tanden|Wyprzedaż zęby|Kiárusítás fogak|Doprodej zuby'],
    ['rp_keramik', 'Restposten Keramik|Clearance ceramics|Fins de série céramique|Liquidación cerámica|Rimanenze ceramica|Restpartijen keramiek|Wyprzedaż ceramika|Kiárusítás kerámia|Doprodej keramika'],
    ['rp_leg', 'Restposten Legierungen|Clearance alloys|Fins de série alliages|Liquidación aleaciones|Rimanenze leghe|Restpartijen legeringen|Wyprzedaż stopy|Kiárusítás ötvözetek|Doprodej slitiny'],
    ['rp_geraete', 'Restposten Geräte|Clearance equipment|Fins de série appareils|Liquidación equipos|Rimanenze apparecchi|Restpartijen apparatuur|Wyprzedaż urządzenia|Kiárusítás készülékek|Doprodej přístroje'],
    ['rp_kunst', 'Restposten Kunststoffe|Clearance resins|Fins de série résines|Liquidación resinas|Rimanenze resine|Restpartijen kunststoffen|Wyprzedaż tworzywa|Kiárusítás műanyagok|Doprodej pryskyřice'],
    ['rp_verbrauch', 'Restposten Verbrauchsmaterial|Clearance consumables|Fins de série consommables|Liquidación consumibles|Rimanenze materiali di consumo|Restpartijen verbruiksmateriaal|Wyprzedaż materiały eksploatacyjne|Kiárusítás fogyóanyagok|Doprodej spotřební materiál'],
  ] },
];

export interface CategoryRef { key: string; katId: number; pg: number; sort: number; names: string }

/** Every category with its id, in navigation order. */
export const CATEGORIES: CategoryRef[] = GROUPS.flatMap((g) =>
  g.cats.map(([key, names], i) => ({ key, katId: g.pg * 100 + i + 1, pg: g.pg, sort: i + 1, names })));

export const CATEGORY_BY_KEY = new Map(CATEGORIES.map((c) => [c.key, c]));
